// node postmasterWatchdog.mjs <postmaster pid> <pg data folder>
//
// PostgreSQL cannot be told to die with its parent, so a server killed with SIGKILL (or crashing, or losing its
// terminal) would leave its embedded postmaster running, holding the data folder. This small process, started by the
// server beside the postmaster, stops it with a fast shutdown (SIGINT) once the server is gone. It learns that from
// its stdin: a pipe whose only writer is the server, so it ends however the server ends, and no pid is polled.
// Plain JavaScript on purpose: started without tsx, it costs the server's start-up nothing noticeable.
import fs from 'node:fs';
import path from 'node:path';

const pid = Number(process.argv[2]);
const pgDir = process.argv[3];

function stopPostmaster() {
  let current = 0;
  try {
    current = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    // No pid file: the server stopped its database before it went.
  }
  // Only the postmaster we were started for: one the server stopped may have been followed by another.
  if (current === pid) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // Ended meanwhile.
    }
  }
  process.exit(0);
}

process.stdin.on('end', stopPostmaster);
process.stdin.on('error', stopPostmaster);
process.stdin.resume();
