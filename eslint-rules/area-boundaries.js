import path from 'node:path';

/**
 * Area boundaries on resolved paths (docs/decisions/0195): an import is resolved against the
 * importing file, so `../../admin/reports/queries.js` counts as much as an absolute path.
 * Server areas (apps/server/src/modules/<area>) may import another area only through its
 * index.ts; web features (apps/web/src/features/<area>) never import another feature; the shared
 * layers (the server's lib, policies, services, db and plugins; the web's components and lib) never
 * import an area at all, so a rule moved there cannot drag an area along.
 */
const ZONES = [
  { kind: 'server', pattern: /apps\/server\/src\/modules\/([^/]+)(\/.*)?$/ },
  { kind: 'web', pattern: /apps\/web\/src\/features\/([^/]+)(\/.*)?$/ },
];

const SHARED = /apps\/(server\/src\/(lib|policies|services|db|plugins)|web\/src\/(components|lib))\//;

function zoneOf(file, areas) {
  const normal = file.split(path.sep).join('/');
  for (const zone of ZONES) {
    const match = zone.pattern.exec(normal);
    if (match && areas.includes(match[1])) return { kind: zone.kind, area: match[1], rest: match[2] ?? '' };
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Areas meet only through their public index.ts (server) and never import each other (web).' },
    schema: [{ type: 'object', properties: { areas: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      server: "Areas meet only through their index.ts and the shared services: '{{source}}' reaches into {{area}}. Move what both need to services/ or lib/.",
      web: "Features do not import each other: '{{source}}' reaches into {{area}}. Move shared pieces to components/ or lib/.",
      shared: "Shared layers never import an area: '{{source}}' reaches into {{area}}. Move what both need here, or call the area from its routes.",
    },
  },
  create(context) {
    const areas = context.options[0]?.areas ?? [];
    const here = zoneOf(context.filename, areas);
    const shared = SHARED.test(context.filename.split(path.sep).join('/'));
    if (!here && !shared) return {};
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const there = zoneOf(path.resolve(path.dirname(context.filename), node.value), areas);
      if (shared) {
        if (there) context.report({ node, messageId: 'shared', data: { source: node.value, area: there.area } });
        return;
      }
      if (!there || there.kind !== here.kind || there.area === here.area) return;
      if (there.kind === 'server' && /^\/index(\.[jt]s)?$/.test(there.rest)) return;
      context.report({ node, messageId: here.kind, data: { source: node.value, area: there.area } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
