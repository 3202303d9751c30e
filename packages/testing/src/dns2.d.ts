// dns2 ships no types; the slice the test DNS server uses.
declare module "dns2" {
  interface Question {
    name: string;
    type: number;
  }
  interface DnsPacket {
    questions: Question[];
    answers: unknown[];
    header: { rcode: number };
  }
  interface DnsServer {
    listen(options: { udp: { port: number; address: string } }): Promise<{ udp: { port: number } }>;
    close(): Promise<void>;
  }
  const dns2: {
    Packet: {
      TYPE: Record<string, number>;
      CLASS: Record<string, number>;
      createResponseFromRequest(request: DnsPacket): DnsPacket;
    };
    createServer(options: {
      udp: boolean;
      handle(request: DnsPacket, send: (response: DnsPacket) => void): void;
    }): DnsServer;
  };
  export default dns2;
}
