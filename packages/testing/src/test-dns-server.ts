/// <reference path="./dns2.d.ts" />
import dns2 from "dns2";

export interface TestDnsServer {
  /** "127.0.0.1:<port>", as a DNS_SERVERS entry. */
  address: string;
  setTxt(name: string, values: string[]): void;
  remove(name: string): void;
  stop(): Promise<void>;
}

const NXDOMAIN = 3;

/**
 * An authoritative-style DNS server on 127.0.0.1 answering TXT queries from a map (npm dns2): point
 * a service's DNS_SERVERS at `address` and publish records with setTxt.
 */
export async function startTestDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const values = question ? records.get(question.name.toLowerCase()) : undefined;
      if (!question || !values) {
        response.header.rcode = NXDOMAIN;
      } else if (question.type === dns2.Packet.TYPE.TXT) {
        for (const value of values) {
          response.answers.push({
            name: question.name,
            type: dns2.Packet.TYPE.TXT,
            class: dns2.Packet.CLASS.IN,
            ttl: 1,
            data: value,
          });
        }
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  return {
    address: `127.0.0.1:${addresses.udp.port}`,
    setTxt: (name, values) => records.set(name.toLowerCase(), values),
    remove: (name) => records.delete(name.toLowerCase()),
    stop: () => server.close(),
  };
}
