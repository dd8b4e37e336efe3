// A short game through the bridge, checking every outcome: the untap step makes it night, a daybound card
// enters transformed, another effect's transform is refused, a bad event changes nothing, two spells make it day.
//
//   node example-game.js                      # starts `mtg-daynight serve` from the PATH
//   node example-game.js python -m mtg_daynight serve
//
// Exit status 0 when every check passed, 1 otherwise (the failed check is printed).
"use strict";

const assert = require("node:assert/strict");
const { BridgeError, DayNightBridge } = require("./daynight-bridge");

const permanent = (id, controller, front, back) => ({
  kind: "permanent", id, controller,
  front: { name: front, daybound: true },
  back: { name: back, nightbound: true },
});

async function play(bridge) {
  const info = await bridge.call("initialize", { client: "example-game.js" });
  assert.equal(info.protocol_version, "1");
  console.log(`mtg-daynight ${info.library_version}, protocol ${info.protocol_version}, ` +
              `${info.plugins.length} plugins`);

  const game = "node-1";
  await bridge.call("new_game", { game, players: ["alice", "bob"] });
  await bridge.call("untap_step", { game, turn: 1, active: "alice" });

  let outcome = await bridge.call("enter", { game, permanents: [permanent("p1", "alice", "Tavern Ruffian", "Tavern Smasher")] });
  assert.deepEqual(outcome.actions.map((a) => a.type), ["enter", "designation"]);
  assert.equal(outcome.actions[1].after, "day");           // 702.145d
  console.log("turn 1:", outcome.trace.map((t) => `${t.rule}: ${t.text}`).join(" | "));

  outcome = await bridge.call("untap_step", { game, turn: 2, active: "bob" });
  const [change, transform] = outcome.actions;
  assert.deepEqual([change.type, change.before, change.after, change.rule, change.during_untap_step],
                   ["designation", "day", "night", "731.2a", true]);
  assert.deepEqual([transform.type, transform.permanent, transform.to], ["transform", "p1", "back"]);
  console.log("turn 2:", outcome.trace.map((t) => `${t.rule}: ${t.text}`).join(" | "));

  outcome = await bridge.call("enter", { game, permanents: [permanent("p2", "bob", "Brutal Cathar", "Moonrage Brute")] });
  assert.deepEqual(outcome.actions, [{ type: "enter", permanent: "p2", face: "back", replaced: true, rule: "702.145b" }]);

  outcome = await bridge.call("request_transform", { game, permanent: "p2", cause: "Moonmist" });
  assert.equal(outcome.actions[0].type, "refused");        // 702.145e
  assert.equal(outcome.actions[0].rule, "702.145e");

  const before = await bridge.call("save", { game });
  await assert.rejects(bridge.call("leave", { game, permanents: ["p9"] }),
                       (e) => e instanceof BridgeError && e.code === -32001 && e.type === "BadEventError");
  await assert.rejects(bridge.call("untap_step", { game, turn: "three", active: "alice" }),
                       (e) => e.code === -32602 && e.detail.includes("$.params.turn"));
  const parseError = await bridge.raw("{oops");
  assert.equal(parseError.error.code, -32700);
  assert.equal(await bridge.call("save", { game }), before); // nothing changed

  const answers = await bridge.batch([
    ["cast", { game, player: "bob", spell: "Opt" }],
    ["cast", { game, player: "bob", spell: "Consider" }],
    ["untap_step", { game, turn: 3, active: "alice" }],
  ]);
  const day = answers[2].result;
  assert.equal(day.actions[0].after, "day");               // 731.2b
  assert.deepEqual(day.actions.slice(1).map((a) => [a.permanent, a.to]), [["p1", "front"], ["p2", "front"]]);
  // Pipelined: both requests are written before either answer is read; answers come back in order.
  const [designation, face] = await Promise.all([
    bridge.call("designation", { game }),
    bridge.call("face_of", { game, permanent: "p2" }),
  ]);
  assert.deepEqual([designation, face], ["day", "front"]);
  await bridge.call("end", { game });
  console.log("turn 3: day; every check passed");
}

async function main() {
  const command = process.argv.length > 2 ? process.argv.slice(2) : ["mtg-daynight", "serve"];
  const bridge = new DayNightBridge(command);
  try {
    await play(bridge);
  } catch (error) {
    console.error("check failed:", error.message);
    process.exitCode = 1;
  }
  const status = await bridge.close();
  if (status !== 0) process.exitCode = 1;
}

main();
