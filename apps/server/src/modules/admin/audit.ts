// The audit writer moved to lib/audit.ts (decision 0440); this path stays for branches written
// against it. New actions go in AUDIT_ACTIONS there.
export { audit, type AuditAction, type AuditEntry } from '../../lib/audit.js';
