import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../src/spec/openapi.js';
import { idFieldOf, singular, wrapperNames, wrapperProperty } from '../../../src/spec/record-wrapper.js';

describe('singular', () => {
  it.each([
    ['articles', 'article'],
    ['categories', 'category'],
    ['boxes', 'box'],
    ['matches', 'match'],
    ['addresses', 'address'],
    ['statuses', 'status'],
    ['aliases', 'alias'],
    ['databases', 'database'],
    ['cases', 'case'],
    ['releases', 'release'],
    ['responses', 'response'],
    ['licenses', 'license'],
    ['namespaces', 'namespace'],
    ['status', 'status'],
    ['address', 'address'],
  ])('%s -> %s', (plural, one) => {
    expect(singular(plural)).toBe(one);
  });
});

describe('wrapperProperty', () => {
  const wrapped = (name: string): Schema => ({ type: 'object', properties: { [name]: { type: 'object', properties: { id: { type: 'string' } } } } });

  it('finds the record wrapped under the singular of a plural ending in -ses (DigitalOcean: /v2/databases answers {database: {...}})', () => {
    expect(wrapperProperty(wrapped('database'), wrapperNames('/v2/databases'))).toBe('database');
    expect(wrapperProperty(wrapped('test_case'), wrapperNames('/v2/evaluation/test_cases'))).toBe('test_case');
    expect(wrapperProperty(wrapped('address'), wrapperNames('/addresses'))).toBe('address');
  });

  it('finds the record wrapped under the singular qualified by the segment before it (/v2/kubernetes/clusters answers {kubernetes_cluster})', () => {
    expect(wrapperProperty(wrapped('kubernetes_cluster'), wrapperNames('/v2/kubernetes/clusters'))).toBe('kubernetes_cluster');
    expect(wrapperProperty(wrapped('kubernetes_cluster'), wrapperNames('/v2/kubernetes/{id}/clusters'))).toBeUndefined();
  });

  it('still takes a lone object property named otherwise for the record itself', () => {
    expect(wrapperProperty(wrapped('owner'), wrapperNames('/v2/databases'))).toBeUndefined();
  });
});

describe('idFieldOf', () => {
  it('takes the property named like the parameter, else id, else the parameter without the resource name in front', () => {
    expect(idFieldOf('petId', { petId: 1, id: 2 }, '/pets')).toBe('petId');
    expect(idFieldOf('droplet_id', { id: 1, name: 'x' }, '/v2/droplets')).toBe('id');
    expect(idFieldOf('domain_name', { name: 'example.com', ttl: 1800 }, '/v2/domains')).toBe('name');
    expect(idFieldOf('clusterUuid', { uuid: 'u', name: 'c' }, '/clusters')).toBe('uuid');
    expect(idFieldOf('registry_name', { name: 'r' }, '/v2/registries')).toBe('name');
  });

  it('takes the property named like the parameter written another way, Id or ID, and the parameter without the resource name inside it (decision 090)', () => {
    expect(idFieldOf('confirmationId', { confirmation_id: 'c', reservation_id: 1 }, '/bookings')).toBe('confirmation_id');
    expect(idFieldOf('frameworkName', { FrameworkName: 'f', FrameworkArn: 'a' }, '/audit/frameworks')).toBe('FrameworkName');
    expect(idFieldOf('Sid', { sid: 's', account_sid: 'a' }, '/v1/Credentials/AWS')).toBe('sid');
    expect(idFieldOf('clusterArn', { ClusterArn: 'a', id: 'x' }, '/v1/clusters')).toBe('ClusterArn');
    expect(idFieldOf('brandId', { Id: 1, Name: 'b' }, '/api/catalog/pvt/brand')).toBe('Id');
    expect(idFieldOf('triggerid', { ID: 1, Rule: 'r' }, '/triggers/inboundrules')).toBe('ID');
    expect(idFieldOf('external_customer_id', { lago_id: 'u', external_id: 'acme' }, '/api/v1/customers')).toBe('external_id');
  });

  it('finds nothing where the record has no such field, or the prefix is another resource', () => {
    expect(idFieldOf('domain_name', { ttl: 1800 }, '/v2/domains')).toBeUndefined();
    expect(idFieldOf('owner_name', { name: 'x' }, '/v2/domains')).toBeUndefined();
  });
});
