#!/usr/bin/env node
// A small Magic: The Gathering rules engine in JavaScript, speaking the mtgfuzz engine
// protocol (docs/protocol.md, versions 1 and 2) on stdin/stdout: one JSON message per
// line. It needs nothing but Node.js.
//
// It knows the six basic lands, and lets players pass priority, play lands, activate
// their mana abilities and discard to hand size. Two mana rulings are in its reach:
// what a permanent could produce (mana.could-produce, CR 106.7) and the {T} symbol
// (cost.tap-symbol, CR 107.5).
//
// It carries ONE DELIBERATE RULES BUG, for the harness to find: it says a tapped land
// could produce no mana, as if the cost of its ability mattered. CR 106.7 says costs are
// ignored: a tapped Forest could still produce {G}. Run it with --fixed to switch the bug
// off.
'use strict';

const readline = require('readline');

const FIXED = process.argv.includes('--fixed');
// The protocol versions it speaks. Version 2 sends snapshots compactly (objects by key)
// and answers a request's "then" too; version 1 is what a port needs at least.
const VERSIONS = [2, 1];

// The card pool: each basic land's type of mana and rules text. A basic land's ability
// is intrinsic to its land type (CR 305.6), so its text is the reminder in parentheses;
// Wastes has no land type and prints its ability.
const CARDS = {
  Plains: { subtype: 'Plains', mana: 'W', text: '({T}: Add {W}.)' },
  Island: { subtype: 'Island', mana: 'U', text: '({T}: Add {U}.)' },
  Swamp: { subtype: 'Swamp', mana: 'B', text: '({T}: Add {B}.)' },
  Mountain: { subtype: 'Mountain', mana: 'R', text: '({T}: Add {R}.)' },
  Forest: { subtype: 'Forest', mana: 'G', text: '({T}: Add {G}.)' },
  Wastes: { subtype: null, mana: 'C', text: '{T}: Add {C}.' },
};

const STEPS = ['untap', 'upkeep', 'draw', 'main1', 'begin_combat', 'declare_attackers',
  'declare_blockers', 'combat_damage', 'end_combat', 'main2', 'end', 'cleanup'];
const MANA_ORDER = 'WUBRGC';
const MAX_HAND_SIZE = 7; // CR 402.2

class RulesError extends Error {}

const other = (p) => (p === 'A' ? 'B' : 'A');
const seat = (p) => (p === 'A' ? 0 : 1);

// Mana is written as symbols: "{G}{G}", "{}" for none.
function parseMana(s) {
  const m = {};
  for (const ch of (s || '').toUpperCase()) {
    if ('{} '.includes(ch)) continue;
    if (!MANA_ORDER.includes(ch)) throw new RulesError(`mana ${JSON.stringify(s)}: unknown symbol ${ch}`);
    m[ch] = (m[ch] || 0) + 1;
  }
  return m;
}

function manaText(m) {
  let out = '';
  for (const t of MANA_ORDER) out += `{${t}}`.repeat(m[t] || 0);
  return out || '{}';
}

// ---- Game states. A state is never changed once handed out: apply works on a copy. ----

function start(setup) {
  const s = {
    turn: setup.turn || 1,
    active: setup.active || 'A',
    step: setup.step || 'main1',
    priority: setup.active || 'A',
    passed: false, // the other player passed last, with no action since (CR 117.4)
    landsPlayed: setup.lands_played || 0,
    players: [],
    objects: [], // every card; a zone is an attribute, order within a zone is array order
    nextObject: 0,
    over: false,
    discarding: false,
  };
  if (!STEPS.includes(s.step) || s.step === 'untap' || s.step === 'cleanup') {
    throw new RulesError(`a game can't start in ${s.step}: no player gets priority there (CR 502.4, 514.3)`);
  }
  (setup.players || []).forEach((ps, i) => {
    const p = i === 0 ? 'A' : 'B';
    s.players.push({ life: ps.life, pool: parseMana(ps.pool), lost: false, drewFromEmpty: false });
    for (const zone of ['library', 'hand', 'graveyard', 'exile']) {
      for (const c of ps[zone] || []) add(s, c, p, p, zone);
    }
    for (const pm of ps.battlefield || []) {
      if (pm.token || pm.face_down || pm.attached_to || pm.counters || pm.damage) {
        throw new RulesError(`${pm.name}: tokens, face-down permanents, attachments, counters and damage are not supported`);
      }
      const o = add(s, pm, pm.owner || p, p, 'battlefield');
      o.tapped = !!pm.tapped;
      o.sick = !!pm.sick;
    }
  });
  stateBasedActions(s, []);
  return s;
}

function add(s, spec, owner, controller, zone) {
  if (!CARDS[spec.name]) throw new RulesError(`card ${JSON.stringify(spec.name)} is not supported`);
  const o = { card: spec.id, object: ++s.nextObject, name: spec.name, owner, controller, zone, tapped: false, sick: false };
  s.objects.push(o);
  return o;
}

// move puts an object into a zone as a new object (CR 400.7), at the end of that zone.
function move(s, o, zone) {
  s.objects.splice(s.objects.indexOf(o), 1);
  const n = { ...o, object: ++s.nextObject, zone, controller: o.owner, tapped: false, sick: zone === 'battlefield' };
  s.objects.push(n);
  return n;
}

const zoneOf = (s, p, zone) => s.objects.filter((o) => o.zone === zone && (zone === 'battlefield' ? o.controller : o.owner) === p);
const isMain = (step) => step === 'main1' || step === 'main2';

function legal(s) {
  if (s.over) return [];
  if (s.discarding) {
    return discardOptions(s).map((opt) => ({ player: s.active, kind: 'choose', choices: [`option:${opt}`], text: opt }));
  }
  const p = s.priority;
  const out = [{ player: p, kind: 'pass' }];
  // Playing a land: the active player, in a main phase, with an empty stack, once a turn
  // (CR 305.2, 505.6b).
  if (p === s.active && isMain(s.step) && s.landsPlayed < 1) {
    for (const o of zoneOf(s, p, 'hand')) out.push({ player: p, kind: 'play', card: o.card, name: o.name });
  }
  // A mana ability with {T} in its cost: its source must be untapped (CR 107.5, 605.3a).
  // Lands are not creatures, so summoning sickness doesn't matter (CR 302.6).
  for (const o of zoneOf(s, p, 'battlefield')) {
    if (!o.tapped) {
      out.push({ player: p, kind: 'activate', card: o.card, name: o.name, ability: 0,
        text: `activate ${o.name}: ${CARDS[o.name].text} -> {${CARDS[o.name].mana}}` });
    }
  }
  return out;
}

const discardOptions = (s) => zoneOf(s, s.active, 'hand').map((o) => `discard ${o.name} (card ${o.card})`);

// sameAction compares actions by what they do, as the harness's Action.Key does.
function sameAction(a, b) {
  const key = (x) => JSON.stringify([x.player, x.kind, x.card || 0, x.ability || 0, x.x || 0, x.choices || [],
    x.payment && x.payment !== '{}' ? x.payment : '', x.targets || [], x.kind === 'attack' ? x.attackers || [] : []]);
  return key(a) === key(b);
}

function apply(state, action) {
  if (!legal(state).some((l) => sameAction(l, action))) {
    throw new RulesError(`${action.player} ${action.kind} ${action.name || action.card || ''} is not a legal action now (CR 117.1)`);
  }
  const s = structuredClone(state);
  const events = [];
  const find = (card) => s.objects.find((o) => o.card === card);
  switch (action.kind) {
    case 'pass':
      if (!s.passed) {
        s.passed = true;
        s.priority = other(s.priority);
      } else {
        nextStep(s, events); // both passed in succession: the step ends (CR 500.2)
      }
      break;
    case 'play': {
      const o = move(s, find(action.card), 'battlefield');
      o.controller = action.player;
      s.landsPlayed++;
      s.passed = false;
      events.push({ kind: 'zone_change', player: action.player, card: o.card, object: o.object, text: `${o.name}: hand -> battlefield` });
      break;
    }
    case 'activate': {
      const o = find(action.card);
      o.tapped = true; // paying {T} (CR 107.5)
      const t = CARDS[o.name].mana;
      const pool = s.players[seat(action.player)].pool;
      pool[t] = (pool[t] || 0) + 1; // a mana ability resolves at once (CR 605.3b)
      s.passed = false;
      events.push({ kind: 'tapped', player: action.player, card: o.card, object: o.object, text: `taps ${o.name}` });
      events.push({ kind: 'mana_added', player: action.player, card: o.card, object: o.object, mana: `{${t}}`, text: `${action.player} adds {${t}} (${o.name})` });
      break;
    }
    case 'choose': {
      const opt = action.choices[0].replace(/^option:/, '');
      const o = zoneOf(s, s.active, 'hand')[discardOptions(s).indexOf(opt)];
      move(s, o, 'graveyard');
      events.push({ kind: 'zone_change', player: s.active, card: o.card, text: `${o.name}: hand -> graveyard` });
      cleanup(s, events);
      break;
    }
  }
  return { state: s, events };
}

// nextStep ends the step and starts the next one in which a player gets priority, with
// the turn-based actions of each step it enters.
function nextStep(s, events) {
  for (;;) {
    for (const pl of s.players) pl.pool = {}; // mana empties from pools as a step ends (CR 500.5, 106.4)
    s.passed = false;
    let i = STEPS.indexOf(s.step) + 1;
    if (i === STEPS.length) {
      s.turn++;
      s.active = other(s.active);
      s.landsPlayed = 0;
      i = 0;
    }
    s.step = STEPS[i];
    s.priority = s.active;
    events.push({ kind: 'step', player: s.active, text: `turn ${s.turn} (${s.active}): ${s.step}` });
    switch (s.step) {
      case 'untap': // CR 502.3, and summoning sickness ends (302.6); then no player gets priority (502.4)
        for (const o of zoneOf(s, s.active, 'battlefield')) {
          o.tapped = false;
          o.sick = false;
        }
        continue;
      case 'draw': // CR 504.1; the player who plays first skips the draw of turn 1 (CR 103.8a)
        if (s.turn > 1) draw(s, s.active, events);
        break;
      case 'declare_blockers':
      case 'combat_damage':
        continue; // no creature can attack here, so these steps are skipped (CR 508.8)
      case 'cleanup':
        cleanup(s, events);
        return;
    }
    stateBasedActions(s, events);
    return;
  }
}

function draw(s, p, events) {
  const lib = zoneOf(s, p, 'library');
  if (lib.length === 0) {
    s.players[seat(p)].drewFromEmpty = true;
    return;
  }
  const o = move(s, lib[0], 'hand');
  events.push({ kind: 'draw', player: p, card: o.card, text: `${p} draws a card` });
}

// cleanup: the active player discards down to their maximum hand size, choosing what to
// discard (CR 514.1); no player gets priority (514.3), so the next turn begins.
function cleanup(s, events) {
  if (zoneOf(s, s.active, 'hand').length > MAX_HAND_SIZE) {
    s.discarding = true;
    s.priority = '-';
    return;
  }
  s.discarding = false;
  nextStep(s, events);
}

// State-based actions (CR 704.5a, 704.5b): a player at 0 or less life, or who drew from an
// empty library, loses; in a two-player game the game is then over.
function stateBasedActions(s, events) {
  s.players.forEach((pl, i) => {
    if (!pl.lost && (pl.life <= 0 || pl.drewFromEmpty)) {
      pl.lost = true;
      s.over = true;
      events.push({ kind: 'sba', player: i === 0 ? 'A' : 'B', rule: pl.life <= 0 ? '704.5a' : '704.5b', text: `${i === 0 ? 'A' : 'B'} loses the game` });
    }
    pl.drewFromEmpty = false;
  });
}

function objectView(o) {
  const c = CARDS[o.name];
  const v = { card: o.card, object: o.object, name: o.name, owner: o.owner, controller: o.controller, zone: o.zone,
    supertypes: ['Basic'], types: ['Land'] };
  if (c.subtype) v.subtypes = [c.subtype];
  v.abilities = [c.text];
  if (o.zone === 'battlefield') {
    if (o.tapped) v.tapped = true;
    if (o.sick) v.sick = true;
  }
  return v;
}

function observe(s) {
  const players = ['A', 'B'].map((p, i) => {
    const pl = s.players[i];
    const v = { life: pl.life, pool: manaText(pl.pool) };
    if (pl.lost) v.lost = true;
    for (const zone of ['library', 'hand', 'graveyard', 'exile']) v[zone] = zoneOf(s, p, zone).map(objectView);
    return v;
  });
  const battlefield = s.objects.filter((o) => o.zone === 'battlefield').sort((a, b) => a.card - b.card).map(objectView);
  const snap = { turn: s.turn, active: s.active, step: s.step, priority: s.priority,
    lands_played: s.landsPlayed, players, battlefield, stack: [] };
  if (s.discarding) snap.pending = { player: s.active, prompt: 'discard to hand size', options: discardOptions(s) };
  if (s.over) snap.game_over = true;
  return snap;
}

// The mana queries (CR 106.7): what the ability would add if it resolved now, costs
// ignored, and the types the permanent could produce.
function permanent(s, card) {
  const o = s.objects.find((x) => x.card === card && x.zone === 'battlefield');
  if (!o) throw new RulesError(`card ${card} is not on the battlefield`);
  return o;
}

function manaOutcomes(s, card, ability) {
  const o = permanent(s, card);
  if (ability !== 0) throw new RulesError(`${o.name} has no ability ${ability}`);
  return [`{${CARDS[o.name].mana}}`];
}

function couldProduce(s, card) {
  const o = permanent(s, card);
  if (o.tapped && !FIXED) return ''; // THE DELIBERATE BUG: costs must be ignored (CR 106.7)
  return CARDS[o.name].mana;
}

// ---- The protocol. ----

const states = new Map();
let nextState = 0;
let version = 0; // the version chosen in the handshake; 0 before it

// Version 2: the objects sent in this scenario, by their JSON text, with their keys. A
// snapshot's zones list keys; an object not sent before goes in the answer's "objects".
const keys = new Map();

function newScenario() {
  states.clear();
  keys.clear();
}

// snapshotOf is the snapshot of s as the session's version sends it; new objects are added
// to objects.
function snapshotOf(s, objects) {
  const snap = observe(s);
  if (version < 2) return snap;
  const keyOf = (o) => {
    const text = JSON.stringify(o);
    if (!keys.has(text)) {
      keys.set(text, keys.size + 1);
      objects.push({ key: keys.size, ...o });
    }
    return keys.get(text);
  };
  for (const pl of snap.players) {
    for (const zone of ['library', 'hand', 'graveyard', 'exile']) pl[zone] = pl[zone].map(keyOf);
  }
  snap.battlefield = snap.battlefield.map(keyOf);
  return snap;
}

function keep(s, events, want, objects) {
  states.set(++nextState, s);
  const r = { state: nextState };
  if (events && events.length) r.events = events;
  if ((want || []).includes('snapshot')) r.snapshot = snapshotOf(s, objects);
  if ((want || []).includes('legal')) r.legal = legal(s);
  return r;
}

// handle answers one request; objects collects the objects its snapshots send first.
function handle(req, objects) {
  if (req.op === 'handshake') {
    const chosen = Math.max(0, ...(req.versions || []).filter((v) => VERSIONS.includes(v)));
    if (!chosen) {
      return { error: { kind: 'version', message: `this engine speaks protocol versions ${VERSIONS}` } };
    }
    if ((req.faults || []).length) return { error: { kind: 'unsupported', message: 'this engine offers no faults' } };
    version = chosen;
    newScenario();
    // reports: its zone_change events carry no from/to and its untap step reports nothing,
    // so it leaves out "zone_changes" and "taps": scenarios reading them are unsupported here.
    return { version, engine: 'node-example', engine_version: FIXED ? '1 (fixed)' : '1',
      supports: { cards: Object.keys(CARDS), actions: ['pass', 'play', 'activate', 'choose'], queries: ['mana'],
                  reports: ['exiled_with', 'triggers'] } };
  }
  if (req.op === 'close') return {};
  if (!version) return { error: { kind: 'bad_request', message: `${req.op} before the handshake` } };
  if (req.op === 'reset') {
    newScenario();
    return {};
  }
  if (req.op === 'start') {
    newScenario();
    return keep(start(req.setup || {}), null, req.want, objects);
  }
  if (!['legal', 'apply', 'observe', 'mana_outcomes', 'could_produce'].includes(req.op)) {
    return { error: { kind: 'bad_request', message: `unknown op ${JSON.stringify(req.op)}` } };
  }
  const s = states.get(req.state);
  if (!s) return { error: { kind: 'bad_request', message: `no state ${req.state}` } };
  switch (req.op) {
    case 'legal': return { legal: legal(s) };
    case 'observe': return { snapshot: snapshotOf(s, objects) };
    case 'apply': {
      try {
        const { state, events } = apply(s, req.action || {});
        return keep(state, events, req.want, objects);
      } catch (e) {
        if (e instanceof RulesError) return { error: { kind: 'illegal', message: e.message } };
        throw e;
      }
    }
    case 'mana_outcomes': return { outcomes: manaOutcomes(s, req.card, req.ability || 0) };
    case 'could_produce': return { types: couldProduce(s, req.card) };
  }
  return {};
}

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', (line) => {
  let req;
  let resp;
  try {
    req = JSON.parse(line);
  } catch (e) {
    resp = { id: 0, error: { kind: 'bad_request', message: `not a JSON request: ${e.message}` } };
  }
  if (req) {
    const objects = [];
    const answer = (r) => {
      try {
        return handle(r, objects);
      } catch (e) {
        return { error: { kind: 'engine', message: e.stack || String(e) } };
      }
    };
    resp = { id: req.id, ...answer(req) };
    // Version 2: answer the requests of "then" too, in order.
    if (version >= 2 && !resp.error && Array.isArray(req.then)) {
      resp.then = req.then.map((t) => (['observe', 'legal'].includes(t.op)
        ? answer({ op: t.op, state: t.state })
        : { error: { kind: 'bad_request', message: `then ${JSON.stringify(t.op)}` } }));
    }
    if (objects.length) resp.objects = objects;
  }
  process.stdout.write(JSON.stringify(resp) + '\n');
  if (req && req.op === 'close') rl.close();
});
