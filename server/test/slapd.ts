// For tests: a real OpenLDAP server (Debian's slapd) of its own, run as a child process on free
// loopback ports with a generated slapd.conf, the stock schemas (core, cosine, inetorgperson, nis),
// people and groups loaded with slapadd, and a certificate made here with openssl so the same
// server answers ldap:// (and StartTLS on it) and ldaps://. It runs in the foreground (-d 0) so it
// dies with the test; as root it stays root (no -u), which slapd allows.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "ldapts";
import { freePort } from "./net";

export const SUFFIX = "dc=corp,dc=test";
export const ROOT_DN = `cn=admin,${SUFFIX}`;
export const ROOT_PASSWORD = "root-secret";
export const READER_DN = `cn=reader,${SUFFIX}`;
export const READER_PASSWORD = "reader-secret";
export const PEOPLE = `ou=people,${SUFFIX}`;
export const GROUPS = `ou=groups,${SUFFIX}`;

export interface Person {
  uid: string;
  cn: string;
  mail: string;
  password: string;
  title?: string;
  department?: string;
  phone?: string;
  /** employeeType=disabled: what the tests' LDAP_DISABLED_FILTER names as switched off. */
  disabled?: boolean;
  /** Group DNs written as seeAlso, a DN-valued attribute the stock schemas allow on a person: memberOf's stand-in (LDAP_GROUPS_ATTRIBUTE=seeAlso). */
  groupDns?: string[];
}

export interface Slapd {
  /** ldap://127.0.0.1:port (plain, StartTLS offered). */
  url: string;
  /** ldaps://localhost:port (the certificate is for localhost and 127.0.0.1). */
  ldapsUrl: string;
  /** The certificate authority file that signed the server's certificate. */
  caFile: string;
  dir: string;
  /** A client bound as the directory's root, for changing people during a test. */
  admin: () => Promise<Client>;
  stop: () => Promise<void>;
}

const SLAPD = ["/usr/sbin/slapd", "/usr/bin/slapd"].find((p) => fs.existsSync(p)) ?? "slapd";
const SLAPADD = ["/usr/sbin/slapadd", "/usr/bin/slapadd"].find((p) => fs.existsSync(p)) ?? "slapadd";

const slapdInstalled = () => fs.existsSync(SLAPD) && fs.existsSync("/etc/ldap/schema/inetorgperson.schema");

export const personDn = (uid: string) => `uid=${uid},${PEOPLE}`;

export function personLdif(p: Person): string {
  return [
    `dn: ${personDn(p.uid)}`,
    "objectClass: inetOrgPerson",
    `uid: ${p.uid}`,
    `cn: ${p.cn}`,
    `sn: ${p.cn.split(" ").pop()}`,
    `mail: ${p.mail}`,
    `userPassword: ${p.password}`,
    p.title ? `title: ${p.title}` : "",
    p.department ? `departmentNumber: ${p.department}` : "",
    p.phone ? `telephoneNumber: ${p.phone}` : "",
    p.disabled ? "employeeType: disabled" : "",
    ...(p.groupDns ?? []).map((dn) => `seeAlso: ${dn}`),
  ]
    .filter(Boolean)
    .join("\n");
}

function run(cmd: string, args: string[], input?: string): void {
  const r = spawnSync(cmd, args, { input, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status}): ${r.stderr || r.error}`);
}

/** A CA and a server certificate for localhost / 127.0.0.1 signed by it. */
function makeCertificates(dir: string): void {
  const f = (n: string) => path.join(dir, n);
  run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Test LDAP CA", "-keyout", f("ca.key"), "-out", f("ca.pem")]);
  run("openssl", ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", f("server.key"), "-out", f("server.csr")]);
  fs.writeFileSync(f("ext.cnf"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
  run("openssl", ["x509", "-req", "-in", f("server.csr"), "-CA", f("ca.pem"), "-CAkey", f("ca.key"), "-CAcreateserial", "-days", "2", "-extfile", f("ext.cnf"), "-out", f("server.pem")]);
}

function waitForPort(port: number, child: ChildProcess, log: () => string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`slapd exited (${child.exitCode}): ${log()}`));
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => {
        s.destroy();
        resolve();
      });
      s.once("error", () => {
        s.destroy();
        if (Date.now() > deadline) return reject(new Error(`slapd did not listen on ${port}: ${log()}`));
        setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** Starts a directory holding `people` and `groups` (group name → uids of its members). */
export async function startSlapd(people: Person[], groups: Record<string, string[]>): Promise<Slapd> {
  // Said plainly rather than skipped: scripts/test.mjs installs it, so its absence is a broken machine.
  if (!slapdInstalled()) throw new Error("slapd is not installed: apt-get install -y slapd ldap-utils (npm test installs them)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-slapd-"));
  const db = path.join(dir, "db");
  fs.mkdirSync(db);
  makeCertificates(dir);
  const conf = path.join(dir, "slapd.conf");
  fs.writeFileSync(
    conf,
    [
      ...["core", "cosine", "inetorgperson", "nis"].map((s) => `include /etc/ldap/schema/${s}.schema`),
      `pidfile ${dir}/slapd.pid`,
      `argsfile ${dir}/slapd.args`,
      "modulepath /usr/lib/ldap",
      "moduleload back_mdb",
      `TLSCACertificateFile ${dir}/ca.pem`,
      `TLSCertificateFile ${dir}/server.pem`,
      `TLSCertificateKeyFile ${dir}/server.key`,
      "database mdb",
      "maxsize 33554432",
      `suffix "${SUFFIX}"`,
      `rootdn "${ROOT_DN}"`,
      `rootpw ${ROOT_PASSWORD}`,
      `directory ${db}`,
      // People only ever prove their password; reading the directory takes a bind (the service account's).
      "access to attrs=userPassword by anonymous auth by * none",
      "access to * by users read by * none",
      "",
    ].join("\n"),
  );
  const entries = [
    `dn: ${SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\ndc: corp\no: Corp`,
    `dn: ${READER_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: reader\nuserPassword: ${READER_PASSWORD}`,
    `dn: ${PEOPLE}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ${GROUPS}\nobjectClass: organizationalUnit\nou: groups`,
    ...people.map(personLdif),
    ...Object.entries(groups).map(([cn, uids]) => [`dn: cn=${cn},${GROUPS}`, "objectClass: groupOfNames", `cn: ${cn}`, ...(uids.length ? uids : ["nobody"]).map((u) => `member: ${personDn(u)}`)].join("\n")),
  ];
  run(SLAPADD, ["-f", conf, "-q"], entries.join("\n\n") + "\n");
  const [port, tlsPort] = [await freePort(), await freePort()];
  let output = "";
  const child = spawn(SLAPD, ["-f", conf, "-h", `ldap://127.0.0.1:${port}/ ldaps://127.0.0.1:${tlsPort}/`, "-d", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, () => output);
    await waitForPort(tlsPort, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  const url = `ldap://127.0.0.1:${port}`;
  return {
    url,
    ldapsUrl: `ldaps://localhost:${tlsPort}`,
    caFile: path.join(dir, "ca.pem"),
    dir,
    admin: async () => {
      const c = new Client({ url, timeout: 5000, connectTimeout: 5000 });
      await c.bind(ROOT_DN, ROOT_PASSWORD);
      return c;
    },
    stop,
  };
}
