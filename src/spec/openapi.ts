import type { OpenAPIV3 } from 'openapi-types';

/** The OpenAPI 3.0 types this project reads the document with. */
export type Document = OpenAPIV3.Document;
export type Schema = OpenAPIV3.SchemaObject;
export type Parameter = OpenAPIV3.ParameterObject;
export type Header = OpenAPIV3.HeaderObject;
export type Response = OpenAPIV3.ResponseObject;
export type MediaType = OpenAPIV3.MediaTypeObject;
export type Example = OpenAPIV3.ExampleObject;
/** A Path Item's fixed method fields; `query` is OpenAPI 3.2's (the HTTP QUERY method). */
export type FixedMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace' | 'query';
/**
 * An operation's method in lower case: a fixed field, or a 3.2 `additionalOperations` key
 * (`LINK` -> `link`), hence any string.
 */
export type HttpMethod = FixedMethod | (string & {});
export const HTTP_METHODS: readonly FixedMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];
