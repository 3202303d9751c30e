import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, waitFor } from "@kurz/testing";

export interface RunningNginx {
  url: string;
  close(): Promise<void>;
}

/**
 * Debian's nginx answering every request with `return 302` (one worker per core, access log off):
 * the redirect floor of a C server, for comparison in the same run.
 */
export async function startNginx(destination: string, binary = "/usr/sbin/nginx"): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "kurz-nginx-"));
  const port = await freePort();
  const config = path.join(dir, "nginx.conf");
  writeFileSync(
    config,
    `worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    location / { return 302 ${destination}; }
  }
}
`,
  );
  const child: ChildProcess = spawn(binary, ["-c", config, "-p", dir], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(url, { redirect: "manual" })).status === 302, {
    what: `nginx on ${url}`,
  });
  return {
    url,
    async close() {
      const exited = once(child, "exit");
      child.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
