import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";

/** The Nu Html Checker (npm `vnu-jar`, run by Debian's Java). */
const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Errors the checker reports for the given files, one line each. */
export async function nuErrors(files: string[]): Promise<string[]> {
  // The checker writes its JSON report to stderr; --exit-zero-always keeps errors out of the exit status.
  const { stderr } = await promisify(execFile)("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", "--exit-zero-always", ...files], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const { messages } = JSON.parse(stderr) as { messages: NuMessage[] };
  return messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .map((m) => `${path.basename(m.url)}:${m.lastLine ?? "?"}: ${m.message} [${m.extract?.trim() ?? ""}]`);
}
