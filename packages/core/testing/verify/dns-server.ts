import dns2 from 'dns2';

const { Packet } = dns2;

export interface ZoneEntry {
  mx?: Array<[preference: number, exchange: string]>;
  a?: string[];
  aaaa?: string[];
  /** Answer every query for this name with this failure. */
  rcode?: 'NXDOMAIN' | 'SERVFAIL';
}

export interface LocalDns {
  /** For the verifier's `dnsServers`. */
  servers: string[];
  /** Questions received, as `TYPE name`. */
  queries: string[];
  zone: Record<string, ZoneEntry>;
  close(): Promise<void>;
}

/** A dns2 UDP server on loopback answering from a zone map; unknown names get NXDOMAIN. */
export const startLocalDns = async (zone: Record<string, ZoneEntry>): Promise<LocalDns> => {
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      if (!question) return send(response);
      const push = (record: object) => response.answers.push(record as (typeof response.answers)[number]);
      const name = question.name.toLowerCase();
      const entry = zone[name];
      const type = question.type;
      queries.push(`${Packet.TYPE_NAME?.[type] ?? type} ${name}`);
      if (!entry || entry.rcode === 'NXDOMAIN') response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (entry.rcode === 'SERVFAIL') response.header.rcode = Packet.RCODE.SERVFAIL;
      else if (type === Packet.TYPE.MX) {
        for (const [priority, exchange] of entry.mx ?? []) {
          push({ name, type, class: Packet.CLASS.IN, ttl: 60, exchange, priority });
        }
      } else if (type === Packet.TYPE.A) {
        for (const address of entry.a ?? []) push({ name, type, class: Packet.CLASS.IN, ttl: 60, address });
      } else if (type === Packet.TYPE.AAAA) {
        for (const address of entry.aaaa ?? [])
          push({ name, type, class: Packet.CLASS.IN, ttl: 60, address });
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = server.addresses().udp?.port;
  return {
    servers: [`127.0.0.1:${port}`],
    queries,
    zone,
    close: () => server.close(),
  };
};
