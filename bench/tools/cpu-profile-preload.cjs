// Preloaded into the server's workers by bench/tools/keyword-http-cpu.ts (SERVER_PROF_DIR): each
// worker records a V8 CPU profile (0.5 ms sampling) and writes it to SERVER_PROF_DIR on exit.
// (--cpu-prof itself is not allowed in NODE_OPTIONS.) Open the .cpuprofile in Chrome DevTools.
const inspector = require("node:inspector");
const fs = require("node:fs");
const cluster = require("node:cluster");
if (!cluster.isPrimary) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  process.on("exit", () => {
    session.post("Profiler.stop", (err, r) => {
      if (!err) fs.writeFileSync(`${process.env.SERVER_PROF_DIR}/worker-${process.pid}.cpuprofile`, JSON.stringify(r.profile));
    });
  });
}
