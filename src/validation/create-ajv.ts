import { Ajv, type Options } from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ajvRegExp } from '../spec/pattern-matcher.js';
import { addLargeEnumKeyword } from './large-enum.js';
import { prepareSchema } from './prepare-schema.js';

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
 * (see docs/decisions/017-schema-dialects-and-cycles.md).
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

  const compile = (schema: unknown, meta?: boolean) => {
    const prepared = prepareSchema(schema);
    const strictOne = prepared.oas31 ? twin('oas31') : ajv;
    try {
      declare(strictOne, prepared.extensions, prepared.formats);
      return prepared.oas31 ? strictOne.compile(prepared.schema as object, meta) : compileOas30(prepared.schema as object, meta);
    } catch {
      const lenient = twin(prepared.oas31 ? 'oas31-lenient' : 'oas30-lenient');
      declare(lenient, prepared.extensions, prepared.formats);
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

// ajv's getKeyword says false for a keyword added without a definition, and adding it again
// throws "already defined": what was declared is remembered here.
const declared = new WeakMap<Ajv, Set<string>>();

function declare(ajv: Ajv, keywords: Set<string>, formats: Set<string>): void {
  let known = declared.get(ajv);
  if (!known) declared.set(ajv, (known = new Set()));
  for (const keyword of keywords) {
    if (known.has(keyword) || ajv.getKeyword(keyword)) continue;
    ajv.addKeyword(keyword);
    known.add(keyword);
  }
  for (const format of formats) if (!ajv.formats[format]) ajv.addFormat(format, true);
}
