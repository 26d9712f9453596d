import type { OpenAPIV3 } from 'openapi-types';

/** The OpenAPI 3.0 types this project reads the document with. */
export type Document = OpenAPIV3.Document;
export type Schema = OpenAPIV3.SchemaObject;
export type Parameter = OpenAPIV3.ParameterObject;
export type Header = OpenAPIV3.HeaderObject;
export type Response = OpenAPIV3.ResponseObject;
export type MediaType = OpenAPIV3.MediaTypeObject;
export type Example = OpenAPIV3.ExampleObject;
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
