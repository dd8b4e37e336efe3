// A small Node.js game engine that leaves every day/night decision to `mtg-daynight serve` (docs/bridge.md).
//
// It holds only what a host holds: the players and turn order, the objects (spells and triggers on the stack,
// permanents on the battlefield, cards in graveyards and exile) with their face, face-down, tapped, counters,
// phased-out, token and copy status. It reports every event to the rules *before* it changes anything (a refused
// event changes nothing), then carries out every action of the outcome in order. It mirrors the Python
// reference host (mtg_daynight/reference/), so its trace names objects exactly as that host does.
//
// What it did is kept in `log`, as the conformance protocol's Seen records (docs/conformance.md, section 3),
// objects named by this engine's ids: "entered", "trigger", "phased", and the outcome actions as serve gave them.
"use strict";

/** An action that cannot happen in this engine's game as it stands (unknown object, wrong zone, no turn yet). */
class IllegalActionError extends Error {
  constructor(message) {
    super(message);
    this.name = "IllegalActionError";
    this.type = "IllegalActionError";
  }
}

/** The rules' outcome cannot be carried out as the contract says: a bug in the rules or in this engine. */
class HostContractError extends Error {
  constructor(message) {
    super(message);
    this.name = "HostContractError";
    this.type = "HostContractError";
  }
}

/** The engine does not model this: the kit skips the scenario. */
class Unsupported extends Error {
  constructor(message) {
    super(message);
    this.name = "Unsupported";
    this.type = "Unsupported";
  }
}

const FRONT = "front";
const BACK = "back";

/** The face of `card` on `side` (the front face of a single-faced card). */
function faceOf(card, side) {
  return side === BACK && card.back ? card.back : card.front;
}

/** The name of the face that is up ("face-down permanent" while face down; 708.2: it has no name). */
function nameOf(obj) {
  const up = faceOf(obj.card, obj.face).name;
  if (obj.ability) return `${up}'s trigger`;
  return obj.faceDown ? "face-down permanent" : up;
}

function newObject(id, card, owner, controller, zone, extra = {}) {
  return {
    id, card, owner, controller, zone, face: FRONT, token: false, copy: false, ability: "", tapped: false,
    counters: {}, faceDown: false, phasedOut: false, restrictions: [], gained: [], lost: [],
    forbidsEnded: false, effects: [], ...extra,
  };
}

/** A face as serve's `enter` takes it: only the four members it knows (unknown members are refused). */
function wireFace(face) {
  if (!face) return null;
  const out = { name: face.name };
  for (const flag of ["daybound", "nightbound", "instant_or_sorcery"]) if (face[flag]) out[flag] = true;
  return out;
}

/** One game, played with a `DayNightBridge` (daynight-bridge.js) for the rules. */
class ReferenceEngine {
  constructor(bridge, gameId, players, teams) {
    const groups = teams ? teams.map((team) => [...team]) : players.map((p) => [p]);
    const everyone = groups.flat();
    if (groups.some((g) => g.length === 0)) throw new IllegalActionError("a team needs at least one player");
    if (everyone.length === 0) throw new IllegalActionError("a game needs at least one player");
    if (new Set(everyone).size !== everyone.length) {
      throw new IllegalActionError(`a player is listed twice: ${everyone.join(", ")}`);
    }
    this.bridge = bridge;
    this.gameId = gameId;
    this.players = everyone;
    this.groups = groups; // the turn order: players, or whole teams under shared team turns (805)
    this.turn = 0;
    this.step = "before game";
    this.active = [];
    this.log = []; // Seen records, objects named by id
    this.objects = new Map(); // id -> object, in every zone
    this.battlefield = new Map(); // id -> permanent, in the order they entered
    this.stack = []; // ids, bottom first
    this.nextId = 1;
    this.upkeepTriggers = []; // [source, change] waiting for the upkeep (502.4: no priority in the untap step)
    this.designation = "neither"; // as the rules' designation changes say (731.1); set by begin()
    this.trace = []; // the rules' trace lines, from every outcome
  }

  /** Start the rules' game. */
  async begin() {
    const handle = await this.bridge.call("new_game", { game: this.gameId, players: this.players });
    this.designation = handle.designation;
  }

  /** Call serve for this game. An event answers an Outcome (`actions`, `trace`): its trace lines, every rules
   * decision with its rule number, are kept in `trace` (the game's whole trace, as serve's `trace` answers it). */
  async rules(method, params = {}) {
    const result = await this.bridge.call(method, { ...params, game: this.gameId });
    if (result !== null && typeof result === "object" && Array.isArray(result.actions) && Array.isArray(result.trace)) {
      this.trace.push(...result.trace);
    }
    return result;
  }

  // -- reading ------------------------------------------------------------------------------------------------

  obj(id) {
    const found = this.objects.get(id);
    if (found === undefined) throw new IllegalActionError(`no object '${id}' in game '${this.gameId}'`);
    return found;
  }

  permanent(id) {
    const found = this.obj(id);
    if (found.zone !== "battlefield") {
      throw new IllegalActionError(`'${id}' (${nameOf(found)}) is not on the battlefield: it is in the ${found.zone}`);
    }
    return found;
  }

  // -- bookkeeping --------------------------------------------------------------------------------------------

  newId(given = null) {
    if (given !== null && given !== undefined) {
      if (!given || this.objects.has(given)) throw new IllegalActionError(`id '${given}' is already in use (or empty)`);
      return given;
    }
    for (;;) {
      const made = `o${this.nextId++}`;
      if (!this.objects.has(made)) return made;
    }
  }

  add(obj) {
    this.objects.set(obj.id, obj);
    if (obj.zone === "battlefield") this.battlefield.set(obj.id, obj);
  }

  async remove(obj) {
    this.objects.delete(obj.id);
    this.battlefield.delete(obj.id);
    await this.stopEffects(obj);
  }

  /** Register `obj`'s "it can't become day/night" effects with serve, before it enters: 702.145d/g and 731.1
   * ask them, and with `source` they apply exactly while the rules see it on the battlefield, phased in
   * (702.26b) and face up (708.2). */
  async startEffects(obj) {
    for (const after of [...(obj.card.forbids || [])].sort()) {
      const effect = `${faceOf(obj.card, obj.face).name} (${obj.id}) says it can't become ${after}`;
      await this.rules("add_cant_become", { effect, after, source: obj.id });
      obj.effects.push([effect, after]);
    }
  }

  async stopEffects(obj) {
    for (const [effect] of obj.effects.splice(0)) await this.rules("remove_cant_become", { effect });
  }

  checkPlayer(player) {
    if (!this.players.includes(player)) {
      throw new IllegalActionError(`unknown player '${player}' (players: ${this.players.join(", ")})`);
    }
  }

  inTurn(what) {
    if (this.turn === 0) throw new IllegalActionError(`can't ${what} before the first turn has begun`);
  }

  // -- carrying out outcomes ----------------------------------------------------------------------------------

  /** Ask the rules about `objs` entering together, then make them enter with the faces the outcome gives. The
   * leading "enter" actions choose faces *before* they enter (702.145b: `replaced` means it enters transformed,
   * which is no transform); "not_entered" ones (712.13a) go to the graveyard instead (a token or copy ceases to
   * exist). `replacing`: the card in a graveyard or exile these objects are (a new object, 400.7). */
  async enter(objs, { fromStack, replacing = null }) {
    const permanents = objs.map((o) => ({
      kind: "permanent", id: o.id, controller: o.controller, front: wireFace(o.card.front),
      back: wireFace(o.card.back), face: o.face, face_down: o.faceDown, gained: [...o.gained].sort(),
      lost: [...o.lost].sort(), restrictions: [...new Set(o.restrictions)], token: o.token, meld: !!o.card.meld,
    }));
    for (const obj of objs) await this.startEffects(obj); // the veto sees an entering batch in the rules' state
    let outcome;
    try {
      outcome = await this.rules("enter", { permanents });
    } catch (error) {
      for (const obj of objs) await this.stopEffects(obj);
      throw error;
    }
    const entering = new Map(objs.map((o) => [o.id, o]));
    const faces = new Map();
    const notEntered = new Map();
    const rest = [...outcome.actions];
    while (rest.length && (rest[0].type === "enter" || rest[0].type === "not_entered")) {
      const action = rest.shift();
      if (!entering.has(action.permanent)) {
        throw new HostContractError(`${action.type} for '${action.permanent}', which is not entering`);
      }
      (action.type === "enter" ? faces : notEntered).set(action.permanent, action);
    }
    if (rest.some((a) => a.type === "enter" || a.type === "not_entered")) {
      throw new HostContractError("an enter action came after other actions: faces are chosen before anything happens");
    }
    if (replacing !== null) this.objects.delete(replacing.id);
    for (const obj of objs) {
      if (fromStack) this.stack.splice(this.stack.indexOf(obj.id), 1);
      const refusal = notEntered.get(obj.id);
      if (refusal !== undefined) { // 712.13a: it doesn't enter; the card goes to its owner's graveyard
        await this.stopEffects(obj);
        if (!(obj.token || obj.copy)) {
          Object.assign(obj, { zone: "graveyard", face: FRONT, controller: obj.owner });
          this.add(obj);
        } else {
          this.objects.delete(obj.id);
        }
        this.log.push({ ...refusal });
        continue;
      }
      const choice = faces.get(obj.id);
      if (choice !== undefined) obj.face = choice.face; // 702.145b: chosen before it enters
      Object.assign(obj, { zone: "battlefield", tapped: false });
      this.add(obj);
      this.log.push({ type: "entered", permanent: obj.id, face: obj.face, transformed: !!(choice && choice.replaced),
        face_down: obj.faceDown });
    }
    await this.carryOut({ actions: rest });
  }

  /** Carry out every action of an outcome, in order. */
  async carryOut(outcome) {
    for (const action of outcome.actions) {
      switch (action.type) {
        case "designation": {
          this.designation = action.after;
          this.log.push({ ...action });
          // 731.1a: day <-> night is what "whenever day becomes night or night becomes day" sees (not from
          // neither). In the untap step nobody gets priority: the triggers wait for the upkeep (502.4).
          const dayNight = ["day", "night"];
          if (dayNight.includes(action.before) && dayNight.includes(action.after) && action.before !== action.after) {
            const change = `${action.before} -> ${action.after}`;
            for (const obj of [...this.battlefield.values()]) {
              if (!this.triggersOnDayNight(obj)) continue;
              if (action.during_untap_step) this.upkeepTriggers.push([obj, change]);
              else this.putTrigger(obj, "now");
            }
          }
          break;
        }
        case "transform": { // 701.27: the same object turned over; counters, tapped and the rest stay
          const obj = this.objects.get(action.permanent);
          if (obj === undefined || obj.zone !== "battlefield") {
            throw new HostContractError(`transform of '${action.permanent}', which is not on the battlefield`);
          }
          if (obj.face === action.to) {
            throw new HostContractError(`transform of '${obj.id}' to its ${action.to} face, which is already up`);
          }
          obj.face = action.to;
          this.log.push({ ...action });
          break;
        }
        case "refused": // nothing happens (701.27, 702.145b...)
          this.obj(action.permanent);
          this.log.push({ ...action });
          break;
        case "vetoed": // 731.1: an "it can't become day/night" effect stopped the change
          this.log.push({ ...action });
          break;
        default:
          throw new HostContractError(`unexpected action ${JSON.stringify(action)} outside an entering batch`);
      }
    }
  }

  /** Whether `obj`'s "whenever day becomes night or night becomes day" ability triggers: it has one, it is not
   * phased out (702.26b: treated as though it does not exist) and not face down (708.2: no abilities). */
  triggersOnDayNight(obj) {
    return !!obj.card.day_night_trigger && !obj.phasedOut && !obj.faceDown;
  }

  putTrigger(source, at) {
    const ability = newObject(this.newId(), source.card, source.controller, source.controller, "stack",
      { face: source.face, ability: source.card.day_night_trigger });
    this.add(ability);
    this.stack.push(ability.id);
    this.log.push({ type: "trigger", source: source.id, at });
  }

  // -- spells -------------------------------------------------------------------------------------------------

  /** `player` casts `card`: it goes on the stack front face up, and counts for 731.2. */
  async cast(player, card, id) {
    this.inTurn("cast a spell");
    this.checkPlayer(player);
    const obj = newObject(this.newId(id), card, player, player, "stack");
    await this.rules("cast", { player, spell: card.front.name });
    this.add(obj);
    this.stack.push(obj.id);
    return obj.id;
  }

  /** A copy of a spell put on the stack without being cast (707.10): it does not count for 731.2. */
  async copySpell(player, spell, id) {
    this.inTurn("copy a spell");
    this.checkPlayer(player);
    const original = this.obj(spell);
    if (original.zone !== "stack" || original.ability) {
      throw new IllegalActionError(`copy: '${spell}' (${nameOf(original)}) is not a spell on the stack`);
    }
    const obj = newObject(this.newId(id), original.card, player, player, "stack", { copy: true });
    await this.rules("copy_spell", { player, spell: original.card.front.name });
    this.add(obj);
    this.stack.push(obj.id);
    return obj.id;
  }

  /** Resolve the top of the stack: a permanent spell enters (asking the rules for its face first), an instant or
   * sorcery goes to the graveyard, a copy or a triggered ability ceases to exist. */
  async resolve() {
    if (this.stack.length === 0) throw new IllegalActionError("resolve: the stack is empty");
    const obj = this.objects.get(this.stack[this.stack.length - 1]);
    if (obj.ability) {
      this.stack.pop();
      await this.remove(obj);
    } else if ((obj.card.kind || "permanent") === "permanent") {
      obj.token = obj.copy; // 608.3f: a resolving copy of a permanent spell becomes a token (707.10g: both faces)
      await this.enter([obj], { fromStack: true });
    } else {
      this.stack.pop();
      await this.relocate(obj, "graveyard"); // a copy ceases to exist instead (704.5e)
    }
  }

  async resolveAll() {
    while (this.stack.length) await this.resolve();
  }

  // -- the battlefield ----------------------------------------------------------------------------------------

  /** Put cards onto the battlefield at the same time, without casting them: one `enter` batch. `entering`:
   * [{card, controller, transformed, faceDown, token, id}]. */
  async putMany(entering) {
    const ids = entering.map((e) => e.id);
    if (new Set(ids).size !== ids.length) {
      throw new IllegalActionError(`put: ${ids.length} cards need ${ids.length} distinct ids, got ${ids.join(", ")}`);
    }
    for (const id of ids) this.newId(id);
    const objs = entering.map((e) => {
      this.checkPlayer(e.controller);
      if (e.transformed && !e.card.back) {
        throw new IllegalActionError(`${e.card.front.name} can't enter transformed: it has no back face`);
      }
      return newObject(this.newId(e.id), e.card, e.controller, e.controller, "exile",
        { face: e.transformed ? BACK : FRONT, token: e.token, faceDown: e.faceDown });
    });
    await this.enter(objs, { fromStack: false });
    return objs.map((o) => o.id);
  }

  /** A token copy of permanent `of`. Double-faced: both faces and the original's face up (707.8a; at night a
   * front-face-up daybound copy then transforms, 702.145c); else a single-faced token of the face that is up. */
  async tokenCopy(of, controller, doubleFaced, id) {
    const source = this.permanent(of);
    if (source.faceDown) {
      // 708.2b: face-down status is copiable: a copy of a face-down permanent is a nameless 2/2 without
      // abilities, never a copy of the hidden card's faces. This engine models no such permanent.
      throw new IllegalActionError(`token copy of '${of}': it is face down, and a copy of a face-down permanent ` +
        "has no name and no abilities (708.2b), not its card's faces; this engine does not model that");
    }
    const who = controller === null ? source.controller : controller;
    this.checkPlayer(who);
    const card = doubleFaced ? source.card : { ...source.card, front: faceOf(source.card, source.face), back: null };
    const obj = newObject(this.newId(id), card, who, who, "exile",
      { face: doubleFaced ? source.face : FRONT, token: true });
    await this.enter([obj], { fromStack: false });
    return obj.id;
  }

  /** A permanent (or a spell) goes to the graveyard or exile: a new object (400.7), or none for a token or copy. */
  async move(id, to, newId = null) {
    if (to !== "graveyard" && to !== "exile") {
      throw new IllegalActionError(`move '${id}': can only move to the graveyard or exile, not ${to}`);
    }
    const obj = this.obj(id);
    if (newId !== null && newId !== id) this.newId(newId); // checked before anything changes
    let outcome = null;
    if (obj.zone === "battlefield") {
      outcome = await this.rules("leave", { permanents: [obj.id] });
    } else if (obj.zone === "stack" && !obj.ability) {
      this.stack.splice(this.stack.indexOf(obj.id), 1);
    } else {
      throw new IllegalActionError(`move '${id}' (${nameOf(obj)}): it is in the ${obj.zone}`);
    }
    const moved = await this.relocate(obj, to, newId);
    if (outcome !== null) await this.carryOut(outcome); // 702.145g: the last daybound permanent left while neither
    return moved;
  }

  async relocate(obj, zone, id = null) {
    await this.remove(obj);
    if (obj.token || obj.copy) return null; // 704.5d/e: it ceases to exist
    const moved = newObject(this.newId(id), obj.card, obj.owner, obj.owner, zone);
    this.add(moved);
    return moved.id;
  }

  /** A card in a graveyard or exile returns to the battlefield: a new object (400.7). */
  async returnToBattlefield(id, controller, transformed, newId) {
    const obj = this.obj(id);
    if (obj.zone !== "graveyard" && obj.zone !== "exile") {
      throw new IllegalActionError(`return '${id}' (${nameOf(obj)}): it is in the ${obj.zone}, not in a graveyard ` +
        "or exile");
    }
    const who = controller === null ? obj.owner : controller;
    this.checkPlayer(who);
    if (transformed && !obj.card.back) {
      throw new IllegalActionError(`${obj.card.front.name} can't enter transformed: it has no back face`);
    }
    const made = newId !== null && newId === id ? newId : this.newId(newId);
    const back = newObject(made, obj.card, obj.owner, who, "exile", { face: transformed ? BACK : FRONT });
    await this.enter([back], { fromStack: false, replacing: obj });
    return back.id;
  }

  /** Phasing by an effect, outside the untap step (702.26). */
  async phase(ids, phasedIn) {
    const objs = ids.map((id) => this.permanent(id));
    const outcome = await this.rules(phasedIn ? "phase_in" : "phase_out", { permanents: ids });
    for (const obj of objs) {
      obj.phasedOut = !phasedIn;
      this.log.push({ type: "phased", permanent: obj.id, phased_in: phasedIn, during_untap_step: false });
    }
    await this.carryOut(outcome); // 702.145g: the last daybound permanent phased out while neither
  }

  /** Turn face down, asking first: a double-faced permanent (712.16) or a face-down one (708.2b) stays as it is. */
  async turnFaceDown(id) {
    const obj = this.permanent(id);
    const outcome = await this.rules("turn_face_down", { permanent: id });
    const refused = outcome.actions.find((a) => a.type === "face_down_refused");
    if (refused !== undefined) {
      this.log.push({ ...refused });
      return;
    }
    obj.faceDown = true;
    await this.carryOut(outcome);
  }

  /** Turn face up: front face up (712.15a), which is not a transform. */
  async turnFaceUp(id, face) {
    const obj = this.permanent(id);
    if (face !== FRONT) { // 712.15a: never back face up; refused before anything changes
      const error = new Error(`turn face up: '${id}' can't be turned face up back face up: a face-down ` +
        "double-faced permanent turned face up has its front face up (712.15a)");
      error.type = "BadEventError";
      throw error;
    }
    const outcome = await this.rules("turn_face_up", { permanent: id });
    Object.assign(obj, { faceDown: false, face: FRONT });
    await this.carryOut(outcome);
  }

  // -- abilities and effects ----------------------------------------------------------------------------------

  /** Effects now grant `gained` and remove `lost` daybound/nightbound (the full current sets). */
  async setAbilities(id, gained, lost) {
    const obj = this.permanent(id);
    const outcome = await this.rules("set_abilities", { permanent: id, gained: [...gained].sort(), lost: [...lost].sort() });
    Object.assign(obj, { gained: [...gained], lost: [...lost] });
    await this.carryOut(outcome);
  }

  /** Several permanents' keywords change at the same moment: one event, the rules look once (702.145d/g). */
  async setAbilitiesBatch(changes) {
    const objs = changes.map(([id]) => this.permanent(id));
    const outcome = await this.rules("set_abilities_batch", {
      changes: changes.map(([permanent, gained, lost]) => ({ permanent, gained: [...gained].sort(), lost: [...lost].sort() })),
    });
    changes.forEach(([, gained, lost], n) => Object.assign(objs[n], { gained: [...gained], lost: [...lost] }));
    await this.carryOut(outcome);
  }

  /** An effect (Werewhat) gives the permanent a back face after it entered (712.9); at night a front-face-up
   * daybound permanent then transforms (702.145c). */
  async setBackFace(id, back, cause) {
    const obj = this.permanent(id);
    const outcome = await this.rules("set_back_face", { permanent: id, back: wireFace(back), cause });
    obj.card = { ...obj.card, back };
    await this.carryOut(outcome);
  }

  /** A "can't transform" effect starts (701.27 refuses transforms while one applies) or ends. */
  async restriction(id, restriction, applies) {
    const obj = this.permanent(id);
    const outcome = await this.rules(applies ? "add_restriction" : "remove_restriction", { permanent: id, restriction });
    if (applies) obj.restrictions.push(restriction);
    else obj.restrictions.splice(obj.restrictions.indexOf(restriction), 1);
    await this.carryOut(outcome);
  }

  /** Another effect (Moonmist) asks to transform it: the rules may refuse (702.145b, 701.27). */
  async requestTransform(id, cause) {
    this.permanent(id);
    await this.carryOut(await this.rules("request_transform", { permanent: id, cause }));
  }

  /** An effect says it becomes day, night, or switches them (731.1). */
  async become(to, cause) {
    await this.carryOut(await this.rules("become", { to, cause }));
  }

  /** The permanent's "it can't become day/night" ability stops applying: remove its effects, then tell the rules
   * with `veto_ended`, so that 702.145d/g look again at once. */
  async stopForbidding(id) {
    const obj = this.permanent(id);
    if (!(obj.card.forbids || []).length || obj.forbidsEnded) {
      throw new IllegalActionError(`'${id}' (${nameOf(obj)}) has no "it can't become day/night" ability that applies`);
    }
    obj.forbidsEnded = true;
    await this.stopEffects(obj);
    await this.carryOut(await this.rules("veto_ended",
      { cause: `${nameOf(obj)}'s "it can't become day/night" ability stops applying` }));
  }

  /** Any other event of serve (a facade method) with these params; its outcome carried out. */
  async report(event, params) {
    const outcome = await this.rules(event, params);
    if (outcome === null || typeof outcome !== "object" || !Array.isArray(outcome.actions)) {
      throw new IllegalActionError(`report: '${event}' is not an event (it answered ${JSON.stringify(outcome)})`);
    }
    await this.carryOut(outcome);
  }

  // -- players ------------------------------------------------------------------------------------------------

  /** `player` leaves the game (800.4a): every object they own leaves it (their permanents in one `leave`), what
   * they control goes back to its owner, their turns leave the turn order; then the rules hear `player_left`. */
  async playerLeaves(player) {
    this.checkPlayer(player);
    if (this.players.length === 1) throw new IllegalActionError(`'${player}' is the last player: end the game instead`);
    const gone = [...this.battlefield.values()].filter((o) => o.owner === player).map((o) => o.id);
    const outcome = gone.length ? await this.rules("leave", { permanents: gone }) : null;
    for (const obj of [...this.objects.values()]) {
      if (obj.owner === player) {
        if (obj.zone === "stack") this.stack.splice(this.stack.indexOf(obj.id), 1);
        await this.remove(obj);
      } else if (obj.controller === player) {
        obj.controller = obj.owner;
      }
    }
    if (outcome !== null) await this.carryOut(outcome);
    await this.rules("player_left", { player });
    this.players = this.players.filter((p) => p !== player);
    this.groups = this.groups.map((g) => g.filter((p) => p !== player)).filter((g) => g.length);
  }

  // -- turns --------------------------------------------------------------------------------------------------

  /** Play the next turn of `group` (a player, or a team) up to its main step; returns its number. Anything on
   * the stack resolves first. Untap step: 502.1 phasing, reported with `untap_step` (the rules' 502.2 check,
   * 731.2), its outcome, then 502.3 untapping. `untapStep` false (Stasis): `untap_step_skipped`, nothing phases
   * or untaps. Upkeep: the day/night triggers of an untap-step change go on the stack (502.4), and resolve. */
  async beginTurn(group, { untapStep = true } = {}) {
    group.forEach((p) => this.checkPlayer(p));
    if (!this.groups.some((g) => g.length === group.length && g.every((p, n) => p === group[n]))) {
      throw new IllegalActionError(`${group.join("+")} is not a player or team that takes turns ` +
        `(turn order: ${this.groups.map((g) => g.join("+")).join(", ")})`);
    }
    await this.resolveAll();
    const turn = this.turn + 1;
    if (!untapStep) {
      const outcome = await this.rules("untap_step_skipped", { turn, active: group });
      Object.assign(this, { turn, step: "untap", active: group });
      await this.carryOut(outcome);
    } else {
      const [phaseOut, phaseIn] = this.phasing(group);
      const outcome = await this.rules("untap_step", { turn, active: group, phased_in: phaseIn.map((o) => o.id),
        phased_out: phaseOut.map((o) => o.id) });
      Object.assign(this, { turn, step: "untap", active: group });
      await this.untap(group, phaseOut, phaseIn, outcome);
    }
    await this.upkeepAndMain();
    return turn;
  }

  /** An additional beginning phase in this turn (500.8): its untap step, reported with `additional_untap_step`
   * (its 502.2 check looks at the previous turn again), and its upkeep; then the main step again. */
  async additionalBeginningPhase() {
    this.inTurn("begin an additional beginning phase");
    await this.resolveAll();
    const [phaseOut, phaseIn] = this.phasing(this.active);
    const outcome = await this.rules("additional_untap_step", { turn: this.turn,
      phased_in: phaseIn.map((o) => o.id), phased_out: phaseOut.map((o) => o.id) });
    this.step = "untap";
    await this.untap(this.active, phaseOut, phaseIn, outcome);
    await this.upkeepAndMain();
  }

  /** 502.1: the active players' phased-in permanents with phasing phase out, their phased-out ones phase in. */
  phasing(group) {
    const mine = [...this.battlefield.values()].filter((o) => group.includes(o.controller));
    return [mine.filter((o) => o.card.phasing && !o.phasedOut), mine.filter((o) => o.phasedOut)];
  }

  async untap(group, phaseOut, phaseIn, outcome) {
    for (const obj of phaseOut) {
      obj.phasedOut = true;
      this.log.push({ type: "phased", permanent: obj.id, phased_in: false, during_untap_step: true });
    }
    for (const obj of phaseIn) {
      obj.phasedOut = false;
      this.log.push({ type: "phased", permanent: obj.id, phased_in: true, during_untap_step: true });
    }
    await this.carryOut(outcome);
    for (const obj of this.battlefield.values()) { // 502.3: the active players' permanents untap
      if (group.includes(obj.controller) && !obj.phasedOut) obj.tapped = false;
    }
  }

  async upkeepAndMain() {
    this.step = "upkeep";
    for (const [source] of this.upkeepTriggers.splice(0)) this.putTrigger(source, "upkeep");
    await this.resolveAll();
    this.step = "main";
  }

  // -- saving, host state, the end ------------------------------------------------------------------------------

  /** Save the rules' state and load it back under the same id, as an engine storing `save` in its positions
   * does. Loading never replaces a running game, so it is ended first; ending drops this engine's can't-become
   * effects in serve (they are not part of the save), so they are added again. */
  async saveAndReload() {
    const data = await this.rules("save");
    await this.rules("end");
    this.designation = (await this.bridge.call("load_game", { game: this.gameId, data })).designation;
    for (const obj of this.objects.values()) {
      for (const [effect, after] of obj.effects) await this.rules("add_cant_become", { effect, after, source: obj.id });
    }
    if (await this.rules("save") !== data) throw new HostContractError("save -> load -> save changed the data");
  }

  tap(id) {
    this.permanent(id).tapped = true;
  }

  addCounters(id, kind, amount) {
    if (amount < 1) throw new IllegalActionError(`add counters: amount must be at least 1, not ${amount}`);
    const counters = this.permanent(id).counters;
    counters[kind] = (counters[kind] || 0) + amount;
  }

  /** The game is over: the rules forget it (and this engine's effects with it). */
  async end() {
    await this.rules("end");
  }
}

module.exports = { ReferenceEngine, IllegalActionError, HostContractError, Unsupported, nameOf, FRONT, BACK };
