/** har-validator ships no types: its promise API resolves the HAR it checked, or rejects with the schema errors. */
declare module 'har-validator' {
  const validator: { har(data: unknown): Promise<unknown> };
  export default validator;
}
