import dns2 from 'dns2';

const { Packet } = dns2;

/** Records one name has in a test zone; a function is asked again on every query. */
export interface TestRecords {
  A?: string[] | (() => string[]);
  AAAA?: string[] | (() => string[]);
  MX?: Array<{ exchange: string; priority: number }>;
  TXT?: string[];
  NS?: string[];
  CNAME?: string[];
}

export interface TestDnsServer {
  /** `127.0.0.1:port`, for `createResolver({ servers: [...] })`. */
  server: string;
  /** Every query received, in order. */
  queries: Array<{ name: string; type: string }>;
  close(): Promise<void>;
}

const typeNames: Record<number, keyof TestRecords> = {
  [Packet.TYPE.A]: 'A',
  [Packet.TYPE.AAAA]: 'AAAA',
  [Packet.TYPE.MX]: 'MX',
  [Packet.TYPE.TXT]: 'TXT',
  [Packet.TYPE.NS]: 'NS',
  [Packet.TYPE.CNAME]: 'CNAME',
};

/** A UDP DNS server on loopback answering from a fixed zone; names not in the zone get NXDOMAIN. */
export const startTestDns = async (zone: Record<string, TestRecords>): Promise<TestDnsServer> => {
  const queries: TestDnsServer['queries'] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      if (!question) return send(response);
      const name = question.name.toLowerCase();
      const type = typeNames[question.type];
      queries.push({ name, type: type ?? String(question.type) });
      const records = zone[name];
      if (!records) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        return send(response);
      }
      const base = { name: question.name, type: question.type, class: Packet.CLASS.IN, ttl: 60 };
      const answers: Array<Record<string, unknown>> = [];
      if (type === 'A' || type === 'AAAA') {
        const value = records[type];
        for (const address of typeof value === 'function' ? value() : (value ?? []))
          answers.push({ ...base, address });
      } else if (type === 'MX') {
        for (const mx of records.MX ?? []) answers.push({ ...base, ...mx });
      } else if (type === 'TXT') {
        // Long strings go out in 255-byte chunks, as real servers send them.
        for (const txt of records.TXT ?? []) answers.push({ ...base, data: txt.match(/.{1,255}/gs) ?? [''] });
      } else if (type === 'NS') {
        for (const ns of records.NS ?? []) answers.push({ ...base, ns });
      } else if (type === 'CNAME') {
        for (const domain of records.CNAME ?? []) answers.push({ ...base, domain });
      }
      response.answers.push(...(answers as never[]));
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp?.port;
  return {
    server: `127.0.0.1:${port}`,
    queries,
    close: async () => {
      await server.close();
    },
  };
};
