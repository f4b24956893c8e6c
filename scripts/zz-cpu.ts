import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres } from '../apps/server/src/db/database.js';
import { registerBenchRoutes } from '../apps/server/src/modules/system/bench-routes.js';
import { sessionFor } from './bench/_session.js';

const database = await openPostgres('postgres://postgres@127.0.0.1:5432/bench1', { max: 10 });
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'zz-')), DEMO: 'false', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', PUBLIC_URL: 'http://127.0.0.1' });
const app = await buildApp({ config, database, logger: false });
registerBenchRoutes(app);
await app.ready();
const cookie = await sessionFor(app.services, '25bc811e-9744-4dad-8359-fc26fc4a8706', '7ad8d155-32f5-4a2d-b61b-5f821d1be2da');
const paths: Record<string, string> = { received: '/v1/recognition/received?kind=high5&language=en&sort=date&dir=desc&page=0&pageSize=25' };
const N = Number(process.env.N ?? 3000);
for (const round of [0, 1, 2]) {
  for (const [name, url] of Object.entries(paths)) {
    const c0 = process.cpuUsage(); const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const r = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (r.statusCode !== 200) throw new Error(`${url} ${r.statusCode} ${r.body.slice(0, 200)}`);
    }
    const c = process.cpuUsage(c0); const wall = performance.now() - t0;
    if (round > 0) console.log(`${name.padEnd(9)} node cpu/req ${((c.user + c.system) / 1000 / N).toFixed(3)} ms  wall/req ${(wall / N).toFixed(3)} ms`);
  }
}
await app.close(); await database.close();
