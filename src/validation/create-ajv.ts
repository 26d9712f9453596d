import { Ajv, type Options } from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ajvRegExp } from '../spec/pattern-matcher.js';
import { addLargeEnumKeyword } from './large-enum.js';
import { schemaContentKey } from './schema-content-key.js';
import { sharedSchemas } from './shared-schemas.js';

// Both are CommonJS: under Node's ESM interop their exports are the `default` of the module object.
const addFormats = addFormatsModule.default;
const Ajv2020 = Ajv2020Module.default;

/**
 * An ajv instance for the schemas of a loaded document. OpenAPI's annotation keywords (`example`,
 * `xml`, `externalDocs`, `discriminator`) are known to it, so strict mode still rejects typos.
 * Formats are the full (RFC) ones: `date-time` needs a time zone, `int64` a safe integer.
 *
 * `compile` takes any schema of the document as it is: 3.0 schemas are compiled as draft-07 with
 * `nullable`, 3.1 ones by an ajv 2020-12 twin; `$ref`s the loader kept because they are cyclic
 * are given their targets; `x-` keywords and formats ajv does not know are declared (a format it
 * does not know accepts any string). A schema that still does not compile (strict mode, a pattern
 * only valid without the `u` flag) is compiled by a lenient twin rather than failing the operation
 * on every request; what the lenient twin cannot compile either throws
 * (see docs/decisions/017-schema-dialects-and-shared.md).
 */
export function createAjv(options: Options = {}): Ajv {
  const settings: Options = {
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    coerceTypes: false,
    useDefaults: false,
    ...options,
    // Patterns come from the document: matched in linear time where RE2 reads them (decision 047).
    code: { regExp: ajvRegExp, ...options.code },
  };
  const ajv = configure(new Ajv(settings));
  const compileOas30 = ajv.compile.bind(ajv);
  const twins = new Map<string, Ajv>();
  const twin = (name: 'oas31' | 'oas31-lenient' | 'oas30-lenient'): Ajv => {
    let instance = twins.get(name);
    if (!instance) {
      // Lenient: no strict mode, and patterns as JavaScript reads them without the `u` flag
      // (documents written for other engines escape `-` or `/` where `u` forbids it).
      const lenient = name.endsWith('lenient') ? { strict: false, unicodeRegExp: false } : {};
      instance = configure(name.startsWith('oas31') ? new Ajv2020({ ...settings, ...lenient }) : new Ajv({ ...settings, ...lenient }));
      twins.set(name, instance);
    }
    return instance;
  };

  const shared = sharedSchemas();
  // Schemas written alike are compiled once: a document without shared schemas writes the same
  // answer and error schemas inline under every operation, and each was compiled (decision 102).
  const byContent = new Map<string, ReturnType<Ajv['compile']>>();
  const compile = (schema: unknown, meta?: boolean) => {
    const key = schemaContentKey(schema);
    const known = key === undefined ? undefined : byContent.get(`${meta ? 'meta:' : ''}${key}`);
    if (known) return known;
    const validate = compileOnce(schema, meta);
    if (key !== undefined) byContent.set(`${meta ? 'meta:' : ''}${key}`, validate);
    return validate;
  };
  const compileOnce = (schema: unknown, meta?: boolean) => {
    const prepared = shared.prepare(schema);
    const strictOne = prepared.oas31 ? twin('oas31') : ajv;
    try {
      shared.addTo(strictOne, prepared);
      return prepared.oas31 ? strictOne.compile(prepared.schema as object, meta) : compileOas30(prepared.schema as object, meta);
    } catch {
      const lenient = twin(prepared.oas31 ? 'oas31-lenient' : 'oas30-lenient');
      shared.addTo(lenient, prepared);
      return lenient.compile(prepared.schema as object, meta);
    }
  };
  ajv.compile = compile as Ajv['compile'];
  return ajv;
}

function configure<T extends Ajv>(ajv: T): T {
  addFormats(ajv, { mode: 'full' });
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);
  addLargeEnumKeyword(ajv);
  return ajv;
}
