import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under Node's ESM interop its plugin is the `default` of the module object.
const addFormats = addFormatsModule.default;

/**
 * An ajv instance for OpenAPI 3.0 schema objects. OpenAPI's annotation keywords (`example`,
 * `xml`, `externalDocs`, `discriminator`) are known to it, so strict mode still rejects typos.
 * Formats are the full (RFC) ones: `date-time` needs a time zone, `int64` a safe integer.
 */
export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    coerceTypes: false,
    useDefaults: false,
    ...options,
  });
  addFormats(ajv, { mode: 'full' });
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);
  return ajv;
}
