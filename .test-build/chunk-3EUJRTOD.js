import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);

// src/version.ts
import { readFileSync } from "node:fs";
function readVersion() {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return typeof pkg.version === "string" ? pkg.version : "0.0.0";
}
var VERSION = readVersion();

export {
  VERSION
};
