import { createRequire } from 'node:module';
import { briefly, SpecError } from './spec-error.js';

const require = createRequire(import.meta.url);

interface Swagger2OpenApi {
  convertObj(swagger: object, options: Record<string, unknown>): Promise<object>;
}

/**
 * Converts a Swagger 2.0 document (its local files already inlined) to OpenAPI 3.0 with
 * swagger2openapi, the converter Mermade keeps and APIs.guru runs over thousands of documents.
 * `resolve: false` keeps it from reading or fetching anything; `patch` lets it mend the small
 * errors common in 2.0 documents (it notes each under `x-s2o-warning`), as the kit would rather
 * serve than refuse.
 */
export async function convertSwagger2(file: string, swagger: object): Promise<object> {
  const converter = require('swagger2openapi') as Swagger2OpenApi;
  try {
    return await converter.convertObj(swagger, { resolve: false, patch: true, warnOnly: true, direct: true, text: '-' });
  } catch (err) {
    throw new SpecError(file, `is a Swagger 2.0 document that cannot be converted to OpenAPI 3.0: ${briefly(err)}`);
  }
}
