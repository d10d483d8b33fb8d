import { HonoRequest } from 'hono/request';
import { describe, expect, it } from 'vitest';
import { parseUrlEncoded } from '../src/input.js';

// The form reader must read every body exactly as Hono's parseBody({ all: true }) does (which the
// API used before), only without building a FormData.
const viaHono = (body: string) =>
  new HonoRequest(
    new Request('http://x/', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  ).parseBody({ all: true });

describe('form-encoded bodies', () => {
  it.each([
    'domain=northwind.example&fields=email%2Cmobile%2Cheadcount',
    'fields=email&fields=mobile&limit=3',
    'types[]=surge&topics[]=crm&topics[]=erp',
    'query=head+of+sales&name=J%C3%BCrgen%20M%C3%BCller',
    'broken=%E0%A4%A&empty=&=nokey&flag',
    '',
  ])('reads %j as parseBody does', async (body) => {
    expect({ ...parseUrlEncoded(body) }).toEqual({ ...(await viaHono(body)) });
  });
});
