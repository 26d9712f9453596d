/**
 * The layers of src/, enforced (CONVENTIONS.md; docs/decisions/096-layers-enforced.md).
 * Each folder may import only the folders listed for it; no file imports itself back through others.
 * `npm run lint:layers` runs it; `npm test` runs that first.
 */
const MAY_IMPORT = {
  core: [],
  spec: ['core'],
  validation: ['core', 'spec'],
  generation: ['core', 'spec'],
  store: ['core', 'spec'],
  'rate-limit': ['core'],
  engine: ['core', 'spec', 'validation', 'generation', 'store'],
  packs: ['core', 'spec', 'validation', 'generation', 'store', 'engine'],
  mock: ['core', 'spec', 'validation', 'generation', 'store', 'rate-limit', 'engine', 'packs'],
  redis: ['core', 'spec', 'store', 'rate-limit', 'mock'],
  http: ['core', 'spec', 'store', 'rate-limit', 'engine', 'mock', 'redis'],
  adapters: ['core', 'spec', 'rate-limit', 'engine', 'mock', 'http'],
  // The runner never imports the mock (nor what serves it): it reads the document and checks answers.
  contract: ['core', 'spec', 'validation', 'generation'],
  reporting: ['core', 'contract'],
  diff: ['core', 'spec', 'reporting'],
  proxy: ['core', 'spec', 'validation', 'contract', 'reporting', 'mock', 'http'],
};

const layerRules = Object.entries(MAY_IMPORT).map(([layer, allowed]) => ({
  name: `layer-${layer}`,
  comment: `src/${layer} may import only ${allowed.length ? allowed.map((l) => `src/${l}`).join(', ') : 'nothing else in src/'}`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: '^src/', pathNot: [`^src/${layer}/`, ...allowed.map((l) => `^src/${l}/`)] },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import cycle: one of the files must give way (move what both need lower down)',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
