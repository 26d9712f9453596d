/** Every document of the corpus, both folders (test/fixtures/documents/README.md, third-party/SOURCES.md). */
export const CORPUS = [
  'documents/swagger-petstore-3/openapi.yaml',
  'documents/link-example/openapi.yaml',
  'documents/uspto/openapi.yaml',
  'documents/nasa-apod/openapi.yaml',
  'documents/swagger2-petstore-expanded/swagger.yaml',
  'documents/tictactoe/openapi.yaml',
  'documents/museum/openapi.yaml',
  'documents/resend/openapi.yaml',
  'documents/redocly-cafe/openapi.yaml',
  'documents/realworld/openapi.yaml',
  'documents/microcks-api-pastry/openapi.yaml',
  'documents/microcks-beer-catalog/swagger.json',
  'third-party/oai-link-example.yaml',
  'third-party/oai-petstore-expanded.yaml',
  'third-party/swagger-petstore-3.yaml',
];
