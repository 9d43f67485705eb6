import { setHelperPriority } from "../src/adapters/helper-process.ts";

// Before each API test file (a setup file of the project): the programs a test starts, through
// an app or directly (ffmpeg, espeak-ng, the recogniser), at the test worker's own priority.
// At nice 19 they waited behind the other test workers (issue 36: a transcode's 1.6 s took over
// 30). The module is shared by the files of a worker (isolate: false), so a file that wants the
// server's default, helper-process.test.ts, sets it itself.
setHelperPriority("normal");
