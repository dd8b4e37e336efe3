// A client of `mtg-daynight serve` for Node.js, with no dependencies: JSON-RPC 2.0, one message per line.
//
//   const { DayNightBridge } = require("./daynight-bridge");
//   const bridge = new DayNightBridge(["mtg-daynight", "serve"]);
//   const outcome = await bridge.call("untap_step", { game: "g1", turn: 2, active: "bob" });
//   for (const action of outcome.actions) { if (action.type === "transform") { ... } }
//   await bridge.close();
//
// See docs/bridge.md for every method, its params and its result.
"use strict";

const { spawn } = require("node:child_process");
const readline = require("node:readline");

/** An error response: `code` is the JSON-RPC code, `type` names the exception (BadEventError...). */
class BridgeError extends Error {
  constructor(error) {
    super(`${error.data.type}: ${error.data.message}`);
    this.name = "BridgeError";
    this.code = error.code;
    this.type = error.data.type;
    this.detail = error.data.message;
  }
}

/** One `mtg-daynight serve` child process. Requests may be pipelined: responses come back in order. */
class DayNightBridge {
  constructor(command = ["mtg-daynight", "serve"], options = {}) {
    this.child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"], ...options });
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject}
    this.orphans = []; // resolvers of raw() calls, answered by responses with a null id
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
    this.child.on("exit", () => {
      for (const { reject } of this.pending.values()) reject(new Error("the server exited"));
      this.pending.clear();
    });
    readline.createInterface({ input: this.child.stdout }).on("line", (line) => this.receive(line));
  }

  receive(line) {
    const message = JSON.parse(line);
    for (const response of Array.isArray(message) ? message : [message]) {
      const waiting = this.pending.get(response.id);
      if (waiting === undefined) { // an error about a message whose id the server could not read
        const orphan = this.orphans.shift();
        if (orphan !== undefined) orphan(response);
        continue;
      }
      this.pending.delete(response.id);
      if ("error" in response) waiting.reject(new BridgeError(response.error));
      else waiting.resolve(response.result);
    }
  }

  request(method, params) {
    const id = this.nextId++;
    const promise = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    return { message: { jsonrpc: "2.0", id, method, params }, promise };
  }

  /** Call one method; resolves to its result, rejects with a BridgeError. */
  call(method, params = {}) {
    const { message, promise } = this.request(method, params);
    this.child.stdin.write(JSON.stringify(message) + "\n");
    return promise;
  }

  /** Send [method, params] pairs as one batch; resolves to [{result} | {error: BridgeError}] in order. */
  batch(calls) {
    const requests = calls.map(([method, params]) => this.request(method, params));
    this.child.stdin.write(JSON.stringify(requests.map((r) => r.message)) + "\n");
    return Promise.all(requests.map((r) => r.promise.then((result) => ({ result }), (error) => ({ error }))));
  }

  /** Send a raw line that is not a valid request (to see the error); resolves to the error response. */
  raw(line) {
    const promise = new Promise((resolve) => this.orphans.push(resolve));
    this.child.stdin.write(line + "\n");
    return promise;
  }

  /** Close the server's input: it exits at the end of input. Resolves to its exit status. */
  close() {
    this.child.stdin.end();
    return this.exited;
  }
}

module.exports = { BridgeError, DayNightBridge };
