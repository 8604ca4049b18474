// bloom-model.mjs — the Bloom Lab model in JavaScript, for comparison only.
//
// The yardstick of bench/run-model.sh: the same model the C library
// implements (src/model), written from SPEC H, T, F, R and P rather than
// translated from the C, doing the same work per call — validate the text,
// hash its UTF-16 units, compute the k positions, read and set bits, look
// the string up in the exact reference set, update the counters, record an
// operation with its positions and bits before and after, tell listeners.
// Export writes the same JSON document as bloom_state_to_json(), byte for
// byte; import checks what bloom_state_load_json() checks and rebuilds
// the filter by replaying the entries.
//
// SPDX-License-Identifier: GPL-3.0-or-later

export const M_MIN = 8;
export const M_MAX = 1024;
export const K_MIN = 1;
export const K_MAX = 12;
export const MAX_ENTRIES = 1024;
export const TEXT_MAX_UNITS = 256;

export const HASH_SEED1 = 2166136261;
export const HASH_SEED2 = 0xdeadbeef;
export const HASH_PRIME = 16777619;
export const HASH_SCHEME = 'fnv1a32-utf16-double';

export const STATE_FORMAT = 'bloom-lab';
export const STATE_VERSION = 1;
const STATE_MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;
const MAX_OPEN_DETAILS = 16;
const MAX_DRAFT_UNITS = 4096;

export class BloomError extends Error {
  constructor (code, message) {
    super(message);
    this.code = code;
  }
}

// SPEC H1: FNV-1a style over UTF-16 code units. Math.imul multiplies
// modulo 2^32 (a plain * would lose low bits above 2^53); >>> 0 keeps the
// result unsigned.
export function hashUnits (text, seed) {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, HASH_PRIME);
  }
  return h >>> 0;
}

// SPEC H2.
export function hashPair (text) {
  return [hashUnits(text, HASH_SEED1), (hashUnits(text, HASH_SEED2) | 1) >>> 0];
}

// SPEC H3: h1 + i·h2 < 2^32 + 11·2^32 < 2^53, so Number arithmetic is
// exact and nothing wraps before the mod.
export function hashPosition (h1, h2, i, m) {
  return (h1 + i * h2) % m;
}

// SPEC T1, and the C model's refusals of what cannot be valid UTF-8 (a
// lone surrogate) or is refused there (U+0000).
export function checkText (text) {
  if (typeof text !== 'string' || text.length === 0)
    throw new BloomError('text-empty', 'The string is empty. Type at least one character.');
  if (text.includes('\0'))
    throw new BloomError('text-nul', 'The string contains the character U+0000, which is not allowed. Remove it.');
  if (!text.isWellFormed())
    throw new BloomError('text-invalid', 'The string is not valid Unicode text.');
  if (text.length > TEXT_MAX_UNITS)
    throw new BloomError('text-too-long',
      `The string is ${text.length} UTF-16 code units long; the limit is ${TEXT_MAX_UNITS}. Shorten it.`);
}

export class BloomFilter {
  constructor (m, k) {
    this.m = m;
    this.k = k;
    this.words = new Uint32Array((m + 31) >>> 5);
  }

  getBit (index) {
    return (this.words[index >>> 5] >>> (index & 31)) & 1;
  }

  setBit (index) {
    this.words[index >>> 5] |= 1 << (index & 31);
  }

  clear () {
    this.words.fill(0);
  }

  countSetBits () {
    let count = 0;
    for (let i = 0; i < this.m; i++)
      count += this.getBit(i);
    return count;
  }

  // '0' and '1', bit 0 first, as in the JSON document.
  toString () {
    let str = '';
    for (let i = 0; i < this.m; i++)
      str += this.getBit(i) ? '1' : '0';
    return str;
  }
}

export const OperationKind = Object.freeze({ INSERT: 0, QUERY: 1 });
export const Outcome = Object.freeze({
  INSERTED: 0, ALREADY_INSERTED: 1, MEMBER: 2, FALSE_POSITIVE: 3, DEFINITELY_ABSENT: 4,
});
const KIND_NAMES = ['insert', 'query'];
const OUTCOME_NAMES = ['inserted', 'already-inserted', 'member', 'false-positive', 'definitely-absent'];

// One insert or query and what it found: bit i of beforeMask is the bit
// at positions[i] just before step i. Immutable like BloomOperation, by
// convention: Object.freeze() would cost about 5 % of a query.
export class Operation {
  constructor (kind, outcome, text, h1, h2, positions, beforeMask, afterMask) {
    this.kind = kind;
    this.outcome = outcome;
    this.text = text;
    this.h1 = h1;
    this.h2 = h2;
    this.positions = positions;
    this.beforeMask = beforeMask;
    this.afterMask = afterMask;
  }

  getBefore (i) { return (this.beforeMask >>> i) & 1; }
  getAfter (i) { return (this.afterMask >>> i) & 1; }

  equals (other) {
    if (this.kind !== other.kind || this.outcome !== other.outcome || this.text !== other.text ||
        this.h1 !== other.h1 || this.h2 !== other.h2 ||
        this.positions.length !== other.positions.length ||
        this.beforeMask !== other.beforeMask || this.afterMask !== other.afterMask)
      return false;
    for (let i = 0; i < this.positions.length; i++)
      if (this.positions[i] !== other.positions[i])
        return false;
    return true;
  }
}

function checkParameters (m, k) {
  if (!Number.isInteger(m) || m < M_MIN || m > M_MAX)
    throw new BloomError('parameter-out-of-range', `m must be from ${M_MIN} to ${M_MAX}; ${m} is out of range.`);
  if (!Number.isInteger(k) || k < K_MIN || k > K_MAX)
    throw new BloomError('parameter-out-of-range', `k must be from ${K_MIN} to ${K_MAX}; ${k} is out of range.`);
}

// The active filter, the exact reference set (a Set keeps insertion
// order), the counters of SPEC R, the last operation, the drafts, and
// what the last discard, reset or create over an active filter dropped,
// for undo, as bloom-session.c keeps it.
export class BloomSession {
  constructor () {
    this.filter = null;
    this.entries = new Set();
    this.negativeQueries = 0;
    this.falsePositives = 0;
    this.lastOperation = null;
    this.drafts = { m: '', k: '', text: '' };
    this.openDetails = [];
    this.undoState = null;
    this.listeners = [];
  }

  // The "changed" signal: once per successful mutation.
  connect (listener) {
    this.listeners.push(listener);
  }

  notifyChanged () {
    for (const listener of this.listeners)
      listener(this);
  }

  // Every change but a discard, reset or create ends what undo can bring back.
  emitChanged () {
    this.undoState = null;
    this.notifyChanged();
  }

  // Takes filter, entries, counters and last operation away, for undo.
  stashContents () {
    const stash = {
      filter: this.filter,
      entries: this.entries,
      negativeQueries: this.negativeQueries,
      falsePositives: this.falsePositives,
      lastOperation: this.lastOperation,
      mDraft: this.drafts.m,
      kDraft: this.drafts.k,
    };
    this.filter = null;
    this.entries = new Set();
    this.negativeQueries = 0;
    this.falsePositives = 0;
    this.lastOperation = null;
    return stash;
  }

  // SPEC F3.
  createFilter (m, k) {
    checkParameters(m, k);
    const stash = this.filter !== null ? this.stashContents() : null;
    this.filter = new BloomFilter(m, k);
    this.notifyChanged();
    this.undoState = stash;
  }

  // SPEC F4.
  reset () {
    if (this.filter === null)
      return;
    const { m, k } = this.filter;
    const stash = this.stashContents();
    this.filter = new BloomFilter(m, k);
    this.notifyChanged();
    this.undoState = stash;
  }

  undo () {
    const stash = this.undoState;
    if (stash === null)
      return false;
    this.filter = stash.filter;
    this.entries = stash.entries;
    this.negativeQueries = stash.negativeQueries;
    this.falsePositives = stash.falsePositives;
    this.lastOperation = stash.lastOperation;
    this.drafts.m = stash.mDraft;
    this.drafts.k = stash.kDraft;
    this.emitChanged();
    return true;
  }

  probe (text) {
    if (this.filter === null)
      throw new BloomError('no-filter', 'No filter is active. Create a filter first.');
    checkText(text);

    const { m, k } = this.filter;
    const [h1, h2] = hashPair(text);
    const positions = new Uint16Array(k);
    for (let i = 0; i < k; i++)
      positions[i] = hashPosition(h1, h2, i, m);

    return { h1, h2, positions };
  }

  // SPEC F1, T3, T5, R3, W3; records the operation when @record is set.
  insertText (text, record) {
    const probe = this.probe(text);
    const { positions } = probe;
    let beforeMask = 0;
    let afterMask = 0;
    let outcome;

    if (this.entries.has(text)) {
      // SPEC T5: nothing changes; every position is already set.
      outcome = Outcome.ALREADY_INSERTED;
      for (let i = 0; i < positions.length; i++)
        beforeMask |= this.filter.getBit(positions[i]) << i;
      afterMask = beforeMask;
    } else {
      if (this.entries.size >= MAX_ENTRIES)
        throw new BloomError('entry-limit',
          `The filter already holds ${MAX_ENTRIES} distinct strings, the most it keeps. ` +
          'Reset the filter or create a new one to insert more.');

      outcome = Outcome.INSERTED;
      for (let i = 0; i < positions.length; i++) {
        // Read each bit just before its own step sets it (SPEC W3).
        beforeMask |= this.filter.getBit(positions[i]) << i;
        this.filter.setBit(positions[i]);
        afterMask |= 1 << i;
      }
      this.entries.add(text);
      // SPEC R3.
      this.negativeQueries = 0;
      this.falsePositives = 0;
    }

    if (record)
      this.lastOperation = new Operation(OperationKind.INSERT, outcome, text,
        probe.h1, probe.h2, positions, beforeMask, afterMask);
  }

  insert (text) {
    this.insertText(text, true);
    this.emitChanged();
    return this.lastOperation;
  }

  // SPEC F1, R1, R2.
  query (text) {
    const probe = this.probe(text);
    const { positions } = probe;
    let mask = 0;
    let outcome;

    for (let i = 0; i < positions.length; i++)
      mask |= this.filter.getBit(positions[i]) << i;

    if (this.entries.has(text)) {
      outcome = Outcome.MEMBER;
    } else {
      const all = (1 << positions.length) - 1;
      outcome = mask === all ? Outcome.FALSE_POSITIVE : Outcome.DEFINITELY_ABSENT;
      // Saturate like the C guint.
      if (this.negativeQueries < 0xffffffff) {
        this.negativeQueries++;
        if (outcome === Outcome.FALSE_POSITIVE)
          this.falsePositives++;
      }
    }

    this.lastOperation = new Operation(OperationKind.QUERY, outcome, text,
      probe.h1, probe.h2, positions, mask, mask);
    this.emitChanged();
    return this.lastOperation;
  }

  // Moves everything @from holds into this session (the loader's last step).
  takeContents (from) {
    this.filter = from.filter;
    this.entries = from.entries;
    this.negativeQueries = from.negativeQueries;
    this.falsePositives = from.falsePositives;
    this.lastOperation = from.lastOperation;
    this.drafts = from.drafts;
    this.openDetails = from.openDetails;
    this.emitChanged();
  }
}

// Export: the document of bloom-state.c, members in the same order, so
// JSON.stringify writes the same bytes as json-glib's compact generator.

function bitList (operation, after) {
  const list = new Array(operation.positions.length);
  for (let i = 0; i < list.length; i++)
    list[i] = after ? operation.getAfter(i) : operation.getBefore(i);
  return list;
}

function operationToObject (operation) {
  return {
    kind: KIND_NAMES[operation.kind],
    text: operation.text,
    outcome: OUTCOME_NAMES[operation.outcome],
    h1: operation.h1,
    h2: operation.h2,
    positions: Array.from(operation.positions),
    before: bitList(operation, false),
    after: bitList(operation, true),
  };
}

export function stateToJson (session) {
  const filter = session.filter;

  return JSON.stringify({
    format: STATE_FORMAT,
    version: STATE_VERSION,
    hash: { scheme: HASH_SCHEME, seed1: HASH_SEED1, seed2: HASH_SEED2 },
    drafts: { m: session.drafts.m, k: session.drafts.k, text: session.drafts.text },
    openDetails: session.openDetails.slice(),
    filter: filter === null ? null : {
      m: filter.m,
      k: filter.k,
      bits: filter.toString(),
      entries: Array.from(session.entries),
      negativeQueries: session.negativeQueries,
      falsePositives: session.falsePositives,
      lastOperation: session.lastOperation === null ? null
        : operationToObject(session.lastOperation),
    },
  });
}

// Import: the checks of bloom-state.c, then a rebuild aside; @session
// changes only when everything checked out.

function invalid (path, message) {
  return new BloomError('import-invalid-field', `The field “${path}” is invalid: ${message}`);
}

function isObject (value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkMembers (object, path, known) {
  for (const name of Object.keys(object))
    if (!known.includes(name))
      throw invalid(path ? `${path}.${name}` : name, 'it is not part of a Bloom Lab session.');
}

function member (object, path, name) {
  if (!Object.hasOwn(object, name))
    throw new BloomError('import-invalid-field', `The field “${path ? `${path}.${name}` : name}” is missing.`);
  return object[name];
}

function readInteger (value, path, min, max) {
  if (!Number.isInteger(value))
    throw invalid(path, 'it must be a whole number.');
  if (value < min || value > max)
    throw invalid(path, `it is ${value}; it must be from ${min} to ${max}.`);
  return value;
}

function readString (value, path) {
  if (typeof value !== 'string')
    throw invalid(path, 'it must be text.');
  return value;
}

function readObject (object, path, name) {
  const value = member(object, path, name);
  if (!isObject(value))
    throw invalid(path ? `${path}.${name}` : name, 'it must be an object.');
  return value;
}

function readArray (object, path, name, maxLength) {
  const value = member(object, path, name);
  const full = path ? `${path}.${name}` : name;
  if (!Array.isArray(value))
    throw invalid(full, 'it must be a list.');
  if (value.length > maxLength)
    throw invalid(full, `it has ${value.length} items; at most ${maxLength} are allowed.`);
  return value;
}

function readOperationFields (filter, m, k) {
  const path = 'filter.lastOperation';
  const object = readObject(filter, 'filter', 'lastOperation');
  checkMembers(object, path, ['kind', 'text', 'outcome', 'h1', 'h2', 'positions', 'before', 'after']);
  const list = (name, max) => {
    const array = readArray(object, path, name, K_MAX);
    if (array.length !== k)
      throw invalid(`${path}.${name}`, `it must have k = ${k} items.`);
    return array.map((v, i) => readInteger(v, `${path}.${name}[${i}]`, 0, max));
  };
  const fields = {
    kind: KIND_NAMES.indexOf(readString(member(object, path, 'kind'), `${path}.kind`)),
    text: readString(member(object, path, 'text'), `${path}.text`),
    outcome: OUTCOME_NAMES.indexOf(readString(member(object, path, 'outcome'), `${path}.outcome`)),
    h1: readInteger(member(object, path, 'h1'), `${path}.h1`, 0, 0xffffffff),
    h2: readInteger(member(object, path, 'h2'), `${path}.h2`, 0, 0xffffffff),
    positions: list('positions', m - 1),
    before: list('before', 1),
    after: list('after', 1),
  };
  if (fields.kind < 0)
    throw invalid(`${path}.kind`, 'it must be “insert” or “query”.');
  if (fields.outcome < 0)
    throw invalid(`${path}.outcome`, 'it is not a known outcome.');
  return fields;
}

function readFilter (root, session) {
  if (root.filter === null)
    return;

  const filter = readObject(root, null, 'filter');
  checkMembers(filter, 'filter',
    ['m', 'k', 'bits', 'entries', 'negativeQueries', 'falsePositives', 'lastOperation']);
  const m = readInteger(member(filter, 'filter', 'm'), 'filter.m', M_MIN, M_MAX);
  const k = readInteger(member(filter, 'filter', 'k'), 'filter.k', K_MIN, K_MAX);
  const bits = readString(member(filter, 'filter', 'bits'), 'filter.bits');
  const entries = readArray(filter, 'filter', 'entries', MAX_ENTRIES);
  const seen = new Set();
  for (let i = 0; i < entries.length; i++) {
    const path = `filter.entries[${i}]`;
    const text = readString(entries[i], path);
    try {
      checkText(text);
    } catch (e) {
      throw invalid(path, e.message);
    }
    if (seen.has(text))
      throw invalid(path, 'it repeats an earlier entry.');
    seen.add(text);
  }
  const negativeQueries = readInteger(member(filter, 'filter', 'negativeQueries'),
    'filter.negativeQueries', 0, 0xffffffff);
  const falsePositives = readInteger(member(filter, 'filter', 'falsePositives'),
    'filter.falsePositives', 0, 0xffffffff);
  member(filter, 'filter', 'lastOperation');

  if (bits.length !== m || !/^[01]*$/.test(bits))
    throw invalid('filter.bits', `it must be m = ${m} characters, each 0 or 1.`);
  if (falsePositives > negativeQueries)
    throw invalid('filter.falsePositives', 'there cannot be more false positives than negative queries.');

  const hasOperation = filter.lastOperation !== null;
  const fields = hasOperation ? readOperationFields(filter, m, k) : null;
  if (!hasOperation && negativeQueries !== 0)
    throw invalid('filter.negativeQueries', 'it must be 0 when there is no last operation.');

  // An insert that added its string is replayed after all entries before it.
  let nReplayed = entries.length;
  if (hasOperation && fields.kind === OperationKind.INSERT && fields.outcome === Outcome.INSERTED) {
    if (entries.length === 0 || entries[entries.length - 1] !== fields.text)
      throw invalid('filter.lastOperation', 'a string that was just inserted must be the last entry.');
    nReplayed--;
  }

  session.createFilter(m, k);
  for (let i = 0; i < nReplayed; i++)
    session.insertText(entries[i], false);

  if (hasOperation) {
    let operation;
    try {
      operation = fields.kind === OperationKind.INSERT ? session.insert(fields.text)
        : session.query(fields.text);
    } catch (e) {
      throw invalid('filter.lastOperation.text', e.message);
    }
    const expected = new Operation(fields.kind, fields.outcome, fields.text, fields.h1, fields.h2,
      fields.positions,
      fields.before.reduce((mask, bit, i) => mask | (bit << i), 0),
      fields.after.reduce((mask, bit, i) => mask | (bit << i), 0));
    if (!operation.equals(expected))
      throw invalid('filter.lastOperation', 'its outcome, hashes, positions or bits differ from what Bloom Lab computes for it.');

    let countersOk = true;
    if (fields.outcome === Outcome.INSERTED)
      countersOk = negativeQueries === 0;
    else if (fields.outcome === Outcome.FALSE_POSITIVE)
      countersOk = falsePositives >= 1;
    else if (fields.outcome === Outcome.DEFINITELY_ABSENT)
      countersOk = negativeQueries > falsePositives;
    if (!countersOk)
      throw invalid('filter.negativeQueries', 'the counters do not fit the last operation.');
  }

  session.negativeQueries = negativeQueries;
  session.falsePositives = falsePositives;

  // SPEC P3: the bits must be exactly those the entries give.
  const computed = session.filter.toString();
  if (computed !== bits) {
    let first = 0;
    while (computed[first] === bits[first])
      first++;
    throw new BloomError('import-inconsistent-bits',
      `The bits in the file do not match its entries (first difference at bit ${first}). ` +
      'The file was changed or damaged.');
  }
}

export function stateLoadJson (session, json) {
  // Measured in UTF-16 units rather than bytes: a guard, not a rule.
  if (json.length > STATE_MAX_DOCUMENT_BYTES)
    throw new BloomError('import-too-large', 'The file is larger than any Bloom Lab session can be.');

  let root;
  try {
    root = JSON.parse(json);
  } catch (e) {
    throw new BloomError('import-not-json', `The file is not valid JSON: ${e.message}`);
  }
  if (!isObject(root) || root.format !== STATE_FORMAT)
    throw new BloomError('import-wrong-format', 'The file is JSON, but not a Bloom Lab session.');
  const version = readInteger(member(root, null, 'version'), 'version', 1, Number.MAX_SAFE_INTEGER);
  if (version > STATE_VERSION)
    throw new BloomError('import-unsupported-version',
      `The session was saved in format version ${version}; this one reads versions up to ${STATE_VERSION}.`);

  const loaded = new BloomSession();
  checkMembers(root, null, ['format', 'version', 'hash', 'drafts', 'openDetails', 'filter']);

  const hash = readObject(root, null, 'hash');
  checkMembers(hash, 'hash', ['scheme', 'seed1', 'seed2']);
  const scheme = readString(member(hash, 'hash', 'scheme'), 'hash.scheme');
  const seed1 = readInteger(member(hash, 'hash', 'seed1'), 'hash.seed1', 0, 0xffffffff);
  const seed2 = readInteger(member(hash, 'hash', 'seed2'), 'hash.seed2', 0, 0xffffffff);
  if (scheme !== HASH_SCHEME || seed1 !== HASH_SEED1 || seed2 !== HASH_SEED2)
    throw invalid('hash', 'it names a hash scheme or seeds other than Bloom Lab’s.');

  const drafts = readObject(root, null, 'drafts');
  checkMembers(drafts, 'drafts', ['m', 'k', 'text']);
  for (const name of ['m', 'k', 'text']) {
    const draft = readString(member(drafts, 'drafts', name), `drafts.${name}`);
    if (draft.length > MAX_DRAFT_UNITS)
      throw invalid('drafts', 'a draft is longer than Bloom Lab keeps.');
    loaded.drafts[name] = draft;
  }

  const openDetails = readArray(root, null, 'openDetails', MAX_OPEN_DETAILS);
  for (let i = 0; i < openDetails.length; i++) {
    const name = readString(openDetails[i], `openDetails[${i}]`);
    if (!/^[a-z0-9-]{1,32}$/.test(name))
      throw invalid(`openDetails[${i}]`, 'it must be a short name of lower-case letters, digits and dashes.');
    if (!loaded.openDetails.includes(name))
      loaded.openDetails.push(name);
  }
  loaded.openDetails.sort();

  member(root, null, 'filter');
  readFilter(root, loaded);

  session.takeContents(loaded);
}
