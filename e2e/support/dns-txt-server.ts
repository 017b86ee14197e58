// A DNS server on 127.0.0.1 (UDP) that answers TXT questions from a table the test fills in: the
// domain verification of single sign-on looks its TXT record up through it (SSO_DNS_SERVERS).
import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import dnsPacket from "dns-packet";

export interface LocalDns {
  /** `host:port` for SSO_DNS_SERVERS. */
  server: string;
  /** Name → its TXT records. */
  txt: Map<string, string[]>;
  close(): Promise<void>;
}

/**
 * A free UDP port on loopback for the test runners: they pass `SSO_DNS_SERVERS=127.0.0.1:<port>` to the
 * app and to the tests, and a spec that verifies a domain serves DNS there (startLocalDns(port)).
 */
export async function freeDnsServerAddress(): Promise<string> {
  const socket = dgram.createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return `127.0.0.1:${port}`;
}

/** Serves on `port` (0: any free one). */
export async function startLocalDns(port = 0): Promise<LocalDns> {
  const txt = new Map<string, string[]>();
  const socket = dgram.createSocket("udp4");
  socket.on("message", (msg, from) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    const records = question && question.type === "TXT" ? txt.get(question.name.toLowerCase()) : undefined;
    const answer = dnsPacket.encode({
      id: query.id,
      type: "response",
      // An unknown name is NXDOMAIN (rcode 3), as a real server answers.
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (records || !question ? 0 : 3),
      questions: query.questions,
      answers: (records ?? []).map((data) => ({ type: "TXT" as const, name: question!.name, ttl: 0, data })),
    });
    socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, "127.0.0.1", resolve));
  return {
    server: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    txt,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
