// bench-model.mjs — the workload of bench/bench-model.c on the JavaScript
// model of bloom-model.mjs: same strings, same measurements, same output
// lines, same checksums. Run with `node bench/js/bench-model.mjs
// [--runs N] [--warmup N] [--verify-only]`; bench/run-model.sh runs it
// next to the C program and compares.
//
// It prints figures and never judges them. One difference from the C side
// stays: the same string objects serve every run, so V8 has cached their
// hashes after the first; strings fresh from an input field each time
// made insert+query about 10 % slower here when tried.
//
// SPDX-License-Identifier: GPL-3.0-or-later

import { BloomSession, stateToJson, stateLoadJson, Outcome } from './bloom-model.mjs';

const BENCH_M = 1024;
const BENCH_K = 12;
const N_STORED = 1024;
const N_FRESH = 2048;
const N_QUERIES = 4096;
const WORKLOAD_SEED = 0x9e3779b9;

function parseArgs (argv) {
  const options = { runs: 31, warmup: 5, verifyOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--verify-only') {
      options.verifyOnly = true;
    } else if (arg === '--runs' || arg === '-n' || arg === '--warmup' || arg === '-w') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value))
        throw new Error(`${arg} needs a whole number`);
      options[arg === '--runs' || arg === '-n' ? 'runs' : 'warmup'] = value;
    } else {
      throw new Error(`unknown option ${arg}`);
    }
  }
  if (options.runs < 1 || options.warmup < 0)
    throw new Error('--runs must be at least 1 and --warmup at least 0');
  return options;
}

// Marsaglia's xorshift32, exactly as prng_next() in bench-model.c; >>> 0
// keeps every step an unsigned 32-bit value.
function makePrng (seed) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

// The same draws in the same order as generate_string() in bench-model.c.
function generateString (next) {
  const nChars = 4 + next() % 37;
  const codePoints = [];
  for (let i = 0; i < nChars; i++) {
    const kind = next() % 100;
    const r = next();
    let c;
    if (kind < 60)
      c = 0x20 + r % 95;
    else if (kind < 80)
      c = 0xc0 + r % 192;
    else if (kind < 97)
      c = 0x4e00 + r % 20992;
    else
      c = 0x1f300 + r % 848;
    codePoints.push(c);
  }
  return String.fromCodePoint(...codePoints);
}

function makeWorkload () {
  const next = makePrng(WORKLOAD_SEED);
  const seen = new Set();
  const fillDistinct = (n) => {
    const array = [];
    while (array.length < n) {
      const str = generateString(next);
      if (!seen.has(str)) {
        seen.add(str);
        array.push(str);
      }
    }
    return array;
  };
  const stored = fillDistinct(N_STORED);
  const fresh = fillDistinct(N_FRESH);
  const queries = new Array(N_QUERIES);
  for (let j = 0; j < N_QUERIES / 2; j++) {
    queries[2 * j] = stored[j % N_STORED];
    queries[2 * j + 1] = fresh[j];
  }
  return { stored, fresh, queries };
}

// Timing: process.hrtime.bigint() is monotonic, in nanoseconds.

function nowNs () {
  return process.hrtime.bigint();
}

// Checksums, as in bench-model.c: FNV-1a over 32-bit words, and over the
// UTF-8 bytes of the export document.

function fold (c, v) {
  return Math.imul((c ^ v) >>> 0, 16777619) >>> 0;
}

function foldOperation (c, op) {
  const n = op.positions.length;
  c = fold(c, op.kind);
  c = fold(c, op.outcome);
  c = fold(c, op.h1);
  c = fold(c, op.h2);
  c = fold(c, n);
  for (let i = 0; i < n; i++)
    c = fold(c, op.positions[i]);
  c = fold(c, op.beforeMask);
  c = fold(c, op.afterMask);
  return c;
}

function checksumBytes (bytes) {
  let c = 2166136261;
  for (const b of bytes)
    c = fold(c, b);
  return c;
}

function hex32 (v) {
  return v.toString(16).padStart(8, '0');
}

// What the untimed pass adds up; the timed runs pass null.
function tallyOperation (tally, op) {
  if (tally === null)
    return;
  tally.ops = foldOperation(tally.ops, op);
  tally.nOutcomes[op.outcome]++;
}

function insertAll (session, w, tally) {
  for (let i = 0; i < N_STORED; i++)
    tallyOperation(tally, session.insert(w.stored[i]));
}

function queryAll (session, w, tally) {
  for (let q = 0; q < N_QUERIES; q++)
    tallyOperation(tally, session.query(w.queries[q]));
}

function measureInsert (session, w) {
  const start = nowNs();
  session.createFilter(BENCH_M, BENCH_K);
  insertAll(session, w, null);
  return Number(nowNs() - start);
}

function measureQuery (session, w) {
  const start = nowNs();
  queryAll(session, w, null);
  return Number(nowNs() - start);
}

function measureInsertQuery (session, w) {
  const start = nowNs();
  session.createFilter(BENCH_M, BENCH_K);
  insertAll(session, w, null);
  queryAll(session, w, null);
  return Number(nowNs() - start);
}

// Keeps the results reachable, so the engine cannot drop the work.
let sink = 0;

function measureExport (session) {
  const start = nowNs();
  const json = stateToJson(session);
  const elapsed = Number(nowNs() - start);
  sink += json.length;
  return elapsed;
}

function measureImport (json) {
  const fresh = new BloomSession();
  const start = nowNs();
  stateLoadJson(fresh, json);
  const elapsed = Number(nowNs() - start);
  sink += fresh.entries.size;
  return elapsed;
}

// Statistics, as in bench-model.c: quantiles by linear interpolation
// between closest ranks.

function quantile (sorted, p) {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

function summarize (values) {
  const sorted = Float64Array.from(values).sort();
  return {
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

function measure (runs, warmup, divisor, fn) {
  for (let r = 0; r < warmup; r++)
    fn();
  const values = new Array(runs);
  for (let r = 0; r < runs; r++)
    values[r] = fn() / divisor;
  return summarize(values);
}

function printSummary (name, unit, s) {
  console.log(`  ${name.padEnd(22)} ${s.median.toFixed(1).padStart(10)} ${unit.padEnd(6)}` +
    `  IQR ${s.p25.toFixed(1)}–${s.p75.toFixed(1)}  min ${s.min.toFixed(1)}  max ${s.max.toFixed(1)}`);
}

function printMachine (key, s) {
  console.log(`${key} median=${s.median.toFixed(3)} p25=${s.p25.toFixed(3)} ` +
    `p75=${s.p75.toFixed(3)} min=${s.min.toFixed(3)} max=${s.max.toFixed(3)}`);
}

// The untimed pass: the operations of one insert+query run, with every
// result folded into the checksum and every outcome counted.
function verify (w) {
  const session = new BloomSession();
  const tally = { ops: 2166136261, nOutcomes: [0, 0, 0, 0, 0] };

  session.createFilter(BENCH_M, BENCH_K);
  insertAll(session, w, tally);
  queryAll(session, w, tally);

  const bitsSet = session.filter.countSetBits();
  let ops = tally.ops;
  ops = fold(ops, session.entries.size);
  ops = fold(ops, bitsSet);
  ops = fold(ops, session.negativeQueries);
  ops = fold(ops, session.falsePositives);

  const json = Buffer.from(stateToJson(session), 'utf8');
  const n = tally.nOutcomes;

  console.log(`outcomes inserted=${n[Outcome.INSERTED]} ` +
    `already_inserted=${n[Outcome.ALREADY_INSERTED]} member=${n[Outcome.MEMBER]} ` +
    `false_positive=${n[Outcome.FALSE_POSITIVE]} ` +
    `definitely_absent=${n[Outcome.DEFINITELY_ABSENT]}`);
  console.log(`state bits_set=${bitsSet} negative_queries=${session.negativeQueries} ` +
    `false_positives=${session.falsePositives}`);
  console.log(`checksum ops=${hex32(ops)} export=${hex32(checksumBytes(json))}`);
}

function main () {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e.message);
    process.exit(2);
  }
  const { runs, warmup } = options;
  const w = makeWorkload();

  console.log(`# bench-model (JS, node ${process.version}): m=${BENCH_M} k=${BENCH_K}, ` +
    `${N_STORED} inserts, ${N_QUERIES} queries (${N_QUERIES / 2} member, ` +
    `${N_QUERIES / 2} non-member), ${runs} runs after ${warmup} warm-up`);

  if (!options.verifyOnly) {
    const session = new BloomSession();

    const insert = measure(runs, warmup, N_STORED, () => measureInsert(session, w));
    // measureInsert() left the session full: the state queries need.
    const query = measure(runs, warmup, N_QUERIES, () => measureQuery(session, w));
    const insertQuery = measure(runs, warmup, N_STORED + N_QUERIES,
      () => measureInsertQuery(session, w));
    const exp = measure(runs, warmup, 1000, () => measureExport(session));
    const json = stateToJson(session);
    const imp = measure(runs, warmup, 1000, () => measureImport(json));

    printSummary('insert', 'ns/op', insert);
    printSummary('query', 'ns/op', query);
    printSummary('insert+query', 'ns/op', insertQuery);
    printSummary('export (stringify)', 'µs', exp);
    printSummary('import (parse+rebuild)', 'µs', imp);

    printMachine('insert_ns_per_op', insert);
    printMachine('query_ns_per_op', query);
    printMachine('insert_query_ns_per_op', insertQuery);
    printMachine('export_us_per_op', exp);
    printMachine('import_us_per_op', imp);
    // chars as SPEC P2 counts them: UTF-16 units, a JavaScript string's length.
    console.log(`export_size bytes=${Buffer.byteLength(json, 'utf8')} chars=${json.length}`);
  }

  verify(w);

  if (sink < 0)
    console.log(sink);
}

main();
