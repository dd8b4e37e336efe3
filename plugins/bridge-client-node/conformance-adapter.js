// The conformance kit's adapter process for the Node.js engine (reference-engine.js), no npm dependencies.
//
//   mtg-daynight conformance --program 'node plugins/bridge-client-node/conformance-adapter.js mtg-daynight serve'
//
// The kit sends JSON-RPC 2.0 requests on stdin, one per line, one per call of the Python `Adapter` protocol
// (docs/conformance.md, section 3; `mtg-daynight conformance --schema`); every answer is one line on stdout. The
// arguments after the script name are the command that starts `mtg-daynight serve` (default: `mtg-daynight
// serve` from the PATH): the engine asks it every rules question through `DayNightBridge` (daynight-bridge.js).
// An action's answer is the Seen records of what the engine did during it, objects named by the scenario.
"use strict";

const readline = require("node:readline");
const { DayNightBridge, BridgeError } = require("./daynight-bridge");
const { ReferenceEngine, Unsupported, nameOf } = require("./reference-engine");

const PROTOCOL = 1; // the conformance kit's protocol
const SERVE_PROTOCOL = "1"; // the bridge's (docs/bridge.md: check it)
const GAME = "scenario"; // the one game id: one scenario at a time, ended by `finish`
// serve methods that are no event (they answer no Outcome): `report` refuses them before anything happens.
const NOT_EVENTS = new Set(["initialize", "variants", "new_game", "game", "load_game", "state", "designation",
  "trace", "pending_change", "permanent", "face_of", "save", "end"]);

/** A request the adapter cannot read (JSON-RPC -32602). */
class InvalidParams extends Error {
  constructor(message) {
    super(message);
    this.type = "InvalidParams";
  }
}

/** One scenario's game: the engine and the scenario's names for its objects. */
class Scenario {
  constructor(engine) {
    this.engine = engine;
    this.ids = new Map(); // scenario name -> engine id
    this.names = new Map(); // engine id -> scenario name
  }

  id(name) {
    return this.ids.has(name) ? this.ids.get(name) : name;
  }

  name(id) {
    return this.names.has(id) ? this.names.get(id) : id;
  }

  bind(name, id) {
    if (id !== null) {
      this.ids.set(name, id);
      this.names.set(id, name);
    }
  }

  /** A log record as the kit reads it: objects by their scenario names. */
  renamed(record) {
    const out = { ...record };
    if ("permanent" in out) out.permanent = this.name(out.permanent);
    if ("source" in out) out.source = this.name(out.source);
    return out;
  }
}

/** The adapter methods that are actions (answered with Seen records), each given the scenario and the params. */
const ACTIONS = {
  async begin_turn(s, { turn, active }) {
    const got = await s.engine.beginTurn(active);
    if (got !== turn) throw new Error(`the host began turn ${got}, the scenario expected turn ${turn}`);
  },
  async begin_turn_without_untap_step(s, { turn, active }) {
    const got = await s.engine.beginTurn(active, { untapStep: false });
    if (got !== turn) throw new Error(`the host began turn ${got}, the scenario expected turn ${turn}`);
  },
  additional_beginning_phase: (s) => s.engine.additionalBeginningPhase(),
  async cast(s, { player, card, name }) {
    s.bind(name, await s.engine.cast(player, card, name));
  },
  async copy_spell(s, { player, spell, name }) {
    s.bind(name, await s.engine.copySpell(player, s.id(spell), name));
  },
  resolve: (s) => s.engine.resolve(),
  async put_onto_battlefield(s, { cards }) {
    const ids = await s.engine.putMany(cards.map((c) => ({ card: c.card, controller: c.controller,
      transformed: !!c.transformed, faceDown: !!c.face_down, token: !!c.token, id: c.name })));
    cards.forEach((c, n) => s.bind(c.name, ids[n]));
  },
  async token_copy(s, { of, controller, name, double_faced }) {
    s.bind(name, await s.engine.tokenCopy(s.id(of), controller ?? null, double_faced, name));
  },
  async leave(s, { permanent, to }) {
    const old = s.id(permanent);
    const keep = permanent === old || !s.engine.objects.has(permanent); // the card keeps its name there
    s.bind(permanent, await s.engine.move(old, to, keep ? permanent : null));
  },
  async return_to_battlefield(s, { card, controller, transformed, name }) {
    const given = s.engine.objects.has(name) ? null : name;
    s.bind(name, await s.engine.returnToBattlefield(s.id(card), controller ?? null, transformed, given));
  },
  phase_out: (s, { permanents }) => s.engine.phase(permanents.map((p) => s.id(p)), false),
  phase_in: (s, { permanents }) => s.engine.phase(permanents.map((p) => s.id(p)), true),
  turn_face_down: (s, { permanent }) => s.engine.turnFaceDown(s.id(permanent)),
  turn_face_up: (s, { permanent, face }) => s.engine.turnFaceUp(s.id(permanent), face),
  set_abilities: (s, { permanent, gained, lost }) => s.engine.setAbilities(s.id(permanent), gained, lost),
  set_abilities_batch: (s, { changes }) =>
    s.engine.setAbilitiesBatch(changes.map(([p, gained, lost]) => [s.id(p), gained, lost])),
  set_back_face: (s, { permanent, back, cause }) => s.engine.setBackFace(s.id(permanent), back, cause),
  add_restriction: (s, { permanent, restriction }) => s.engine.restriction(s.id(permanent), restriction, true),
  remove_restriction: (s, { permanent, restriction }) => s.engine.restriction(s.id(permanent), restriction, false),
  request_transform: (s, { permanent, cause }) => s.engine.requestTransform(s.id(permanent), cause),
  become: (s, { to, cause }) => s.engine.become(to, cause),
  stop_forbidding: (s, { permanent }) => s.engine.stopForbidding(s.id(permanent)),
  player_leaves: (s, { player }) => s.engine.playerLeaves(player),
  report(s, { event, arguments: args = {} }) {
    if (NOT_EVENTS.has(event)) throw new InvalidParams(`report: '${event}' is not an event`);
    const params = {};
    for (const [key, value] of Object.entries(args)) params[key] = typeof value === "string" ? s.id(value) : value;
    return s.engine.report(event, params);
  },
  save_and_load: (s) => s.engine.saveAndReload(),
  tap: (s, { permanent }) => s.engine.tap(s.id(permanent)),
  add_counters: (s, { permanent, kind, amount }) => s.engine.addCounters(s.id(permanent), kind, amount),
  take_extra_turn() {}, // the kit works out the turn order and passes `extra` to begin_turn
  finish: (s) => s.engine.end(),
};

/** The adapter methods that are queries, answered with their value. */
const QUERIES = {
  designation: (s) => s.engine.designation,
  stack_size: (s) => s.engine.stack.length,
  view(s, { permanent }) {
    const obj = s.engine.objects.get(s.id(permanent));
    if (obj === undefined || obj.zone !== "battlefield") return null;
    return { face: obj.face, name: nameOf(obj), tapped: obj.tapped, counters: { ...obj.counters },
      phased_out: obj.phasedOut, face_down: obj.faceDown };
  },
  trace: (s) => s.engine.trace,
};

/** Serves the kit's requests, one at a time, on one `mtg-daynight serve` child. */
class Adapter {
  constructor(serveCommand) {
    this.bridge = new DayNightBridge(serveCommand, {
      // The built-in rules only, as the reference host plays (an installed house rule would change answers);
      // set MTG_DAYNIGHT_DISABLE_PLUGIN_AUTOLOAD=0 to check the engine with the installed plugins.
      env: { ...process.env, MTG_DAYNIGHT_DISABLE_PLUGIN_AUTOLOAD: process.env.MTG_DAYNIGHT_DISABLE_PLUGIN_AUTOLOAD ?? "1" },
    });
    this.scenario = null;
    this.ready = Promise.resolve();
    this.closing = false;
    const fail = (what) => {
      if (this.closing) return;
      process.stderr.write(`conformance-adapter: ${serveCommand.join(" ")}: ${what}\n`);
      process.exit(1); // the kit reports the method it was waiting for
    };
    this.bridge.child.on("error", (error) => fail(`can't start it: ${error.message}`));
    this.bridge.child.on("exit", (code) => fail(`it exited (status ${code})`));
    this.bridge.child.stdin.on("error", () => {}); // a write to a child that exited: its "exit" says so
  }

  /** The result of one request (throws the engine's errors). */
  async answer(method, params) {
    if (method === "initialize") {
      // serve's own handshake goes out now; its answer is awaited before the first game, so that its start-up
      // (Python's) overlaps the kit's reading of the scenario files.
      this.ready = this.bridge.call("initialize", { client: "mtg-daynight Node.js reference engine" })
        .then((hello) => {
          if (hello.protocol_version !== SERVE_PROTOCOL) {
            throw new Error(`serve speaks bridge protocol ${hello.protocol_version}, this engine ${SERVE_PROTOCOL}`);
          }
        });
      this.ready.catch(() => {}); // handled: the next request answers its error
      return { protocol: PROTOCOL, name: "mtg-daynight Node.js reference engine" };
    }
    await this.ready;
    if (method === "start") {
      if (this.scenario !== null) await this.scenario.engine.end().catch(() => {}); // a scenario not finished
      this.scenario = null;
      const engine = new ReferenceEngine(this.bridge, GAME, params.players, params.teams ?? null);
      await engine.begin();
      this.scenario = new Scenario(engine);
      return [];
    }
    const action = Object.hasOwn(ACTIONS, method) ? ACTIONS[method] : undefined;
    const query = Object.hasOwn(QUERIES, method) ? QUERIES[method] : undefined;
    if (action === undefined && query === undefined) return undefined;
    const s = this.scenario;
    if (s === null) throw new Error("no game: call start first");
    if (query !== undefined) return query(s, params);
    const before = s.engine.log.length;
    try {
      await action(s, params);
    } finally {
      if (method === "finish") this.scenario = null;
    }
    return s.engine.log.slice(before).map((record) => s.renamed(record));
  }

  /** One line in, one line out. */
  async handle(line) {
    let request;
    try {
      request = JSON.parse(line);
    } catch (error) {
      return { jsonrpc: "2.0", id: null, error: { code: -32700, message: `not JSON: ${error.message}` } };
    }
    if (request === null || typeof request !== "object" || Array.isArray(request) || typeof request.method !== "string") {
      return { jsonrpc: "2.0", id: null, error: { code: -32600, message: "not a JSON-RPC 2.0 request" } };
    }
    const { id = null, method } = request;
    const params = request.params ?? {};
    try {
      const result = await this.answer(method, params);
      if (result === undefined) return { jsonrpc: "2.0", id, error: { code: -32601, message: `no method '${method}'` } };
      return { jsonrpc: "2.0", id, result };
    } catch (error) {
      if (error instanceof Unsupported) return { jsonrpc: "2.0", id, error: { code: -32004, message: error.message } };
      // The engine's refusal: data.type is the mtg-daynight error class (BadEventError...) the kit raises again.
      const message = error instanceof BridgeError ? error.detail : error.message;
      const type = error.type || (error instanceof TypeError ? "TypeError" : "RuntimeError");
      return { jsonrpc: "2.0", id, error: { code: -32000, message, data: { type } } };
    }
  }

  async close() {
    this.closing = true;
    await this.bridge.close();
  }
}

function main() {
  const serveCommand = process.argv.length > 2 ? process.argv.slice(2) : ["mtg-daynight", "serve"];
  const adapter = new Adapter(serveCommand);
  let queue = Promise.resolve(); // one request at a time, in order
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on("line", (line) => {
    if (!line.trim()) return;
    queue = queue.then(async () => process.stdout.write(JSON.stringify(await adapter.handle(line)) + "\n"));
  });
  input.on("close", () => { queue.then(() => adapter.close()); });
}

main();
