#!/usr/bin/env bash
# Regenerates apps/server/src/db/schema.ts from the migrations, through a scratch PostgreSQL database.
set -euo pipefail
url=${GEN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}
psql "$url/postgres" -qc "drop database if exists high5_codegen_$$" -c "create database high5_codegen_$$"
psql "$url/high5_codegen_$$" -qc "CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
for f in apps/server/src/db/migrations/*.sql; do psql "$url/high5_codegen_$$" -v ON_ERROR_STOP=1 -q -f "$f"; done
npx kysely-codegen --url "$url/high5_codegen_$$" --dialect postgres --camel-case --date-parser string \
  --type-mapping '{"int8":"number","time":"string"}' --out-file apps/server/src/db/schema.ts
psql "$url/postgres" -qc "drop database high5_codegen_$$"
