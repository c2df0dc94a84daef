// The Test Explorer (VS Code's testing API): the invariant suites,
// exported reproducers and "Fuzz this function" of the server's
// foresight/testItems as test items (testItemsData.ts builds the tree);
// running one runs the campaign through the server's own commands
// (foresight.fuzzFile on a suite, foresight.fuzzFunction, both with
// "wait": they answer once the run ended) or replays the reproducer's
// finding (foresight.replay). The Coverage profile adds the server's
// coverage of the run through the coverage API (statements and
// declarations per file, coverageData.ts); the bars of coverage.ts stay.
import * as vscode from 'vscode';
import { ExecuteCommandRequest, LanguageClient } from 'vscode-languageclient/node';
import { ServerCommands } from './client';
import { CoverageDecorations } from './coverage';
import { coverageDetails } from './coverageData';
import { errorText, asReplay } from './format';
import { LspRange, outcomeOf, parseRunResult, parseTestItems, RunSpec, testItemsRequest, testTree, TestNode } from './testItemsData';

/** workspaceState key: exported reproducer path -> the finding it was written from. */
const exportsKey = 'foresight.exportedReproducers';

export class TestExplorer implements vscode.Disposable {
  private readonly controller = vscode.tests.createTestController('foresight', 'Foresight');
  private readonly nodes = new WeakMap<vscode.TestItem, TestNode>();
  private client: LanguageClient | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly output: vscode.OutputChannel,
    private readonly coverage: CoverageDecorations,
  ) {
    this.controller.refreshHandler = () => this.refresh();
    this.controller.createRunProfile('Fuzz', vscode.TestRunProfileKind.Run, (req, token) => this.run(req, token, false), true);
    const cov = this.controller.createRunProfile('Fuzz with Coverage', vscode.TestRunProfileKind.Coverage, (req, token) => this.run(req, token, true), true);
    cov.loadDetailedCoverage = async (_run, file) => this.details(file.uri);
    this.subscriptions = [
      this.controller,
      vscode.workspace.onDidSaveTextDocument((d) => {
        if (d.languageId === 'solidity') {
          void this.refresh();
        }
      }),
    ];
  }

  /** Lists the client's server's items once it runs. */
  attach(client: LanguageClient): void {
    this.client = client;
    client.onDidChangeState(() => void this.refresh());
  }

  /** Remembers the finding an exported reproducer was written from, so
   * that running it replays that finding. */
  async exported(path: string, uri: string, finding: string): Promise<void> {
    const all = this.context.workspaceState.get<Record<string, { uri: string; finding: string }>>(exportsKey, {});
    await this.context.workspaceState.update(exportsKey, { ...all, [vscode.Uri.file(path).toString()]: { uri, finding } });
    await this.refresh();
  }

  async refresh(): Promise<void> {
    const client = this.client;
    if (!client?.isRunning()) {
      return;
    }
    let raw: unknown;
    try {
      raw = await client.sendRequest(testItemsRequest, {});
    } catch (err) {
      this.output.appendLine(`[foresight] ${testItemsRequest}: ${errorText(err)}`);
      return;
    }
    const tree = testTree(parseTestItems(raw), (u) => vscode.workspace.asRelativePath(vscode.Uri.parse(u)));
    this.sync(this.controller.items, tree);
  }

  /** Makes a collection the nodes', keeping the items it has by id (their
   * URI is part of the id): a run in progress reports on the same items. */
  private sync(collection: vscode.TestItemCollection, nodes: TestNode[]): void {
    collection.replace(
      nodes.map((n) => {
        const it = collection.get(n.id) ?? this.controller.createTestItem(n.id, n.label, n.uri ? vscode.Uri.parse(n.uri) : undefined);
        it.label = n.label;
        it.range = n.range ? range(n.range) : undefined;
        it.description = n.description;
        this.sync(it.children, n.children);
        this.nodes.set(it, n);
        return it;
      }),
    );
  }

  private async run(req: vscode.TestRunRequest, token: vscode.CancellationToken, withCoverage: boolean): Promise<void> {
    const run = this.controller.createTestRun(req);
    const queue: vscode.TestItem[] = [];
    const add = (it: vscode.TestItem) => (this.nodes.get(it)?.run ? queue.push(it) : it.children.forEach(add));
    (req.include ?? gather(this.controller.items)).forEach(add);
    const excluded = new Set(req.exclude ?? []);
    // One run per suite file or function: the items sharing it take its answer.
    const byRun = new Map<string, vscode.TestItem[]>();
    for (const it of queue.filter((i) => !excluded.has(i))) {
      const key = JSON.stringify(this.nodes.get(it)!.run);
      byRun.set(key, [...(byRun.get(key) ?? []), it]);
    }
    for (const [key, items] of byRun) {
      if (token.isCancellationRequested) {
        items.forEach((i) => run.skipped(i));
        continue;
      }
      await this.runOne(JSON.parse(key) as RunSpec, items, run, token);
    }
    if (withCoverage) {
      for (const c of this.coverage.all()) {
        const d = coverageDetails(c);
        const covered = d.statements.filter((s) => s.executed > 0).length;
        const fns = d.functions.filter((f) => f.executed).length;
        run.addCoverage(
          new vscode.FileCoverage(vscode.Uri.parse(c.uri), new vscode.TestCoverageCount(covered, d.statements.length), undefined, new vscode.TestCoverageCount(fns, d.functions.length)),
        );
      }
    }
    run.end();
    void this.refresh(); // the runs compiled: their functions are known now
  }

  /** The coverage API's details of a file, from the last coverage sent. */
  private details(uri: vscode.Uri): vscode.FileCoverageDetail[] {
    const c = this.coverage.all().find((x) => vscode.Uri.parse(x.uri).toString() === uri.toString());
    if (!c) {
      return [];
    }
    const d = coverageDetails(c);
    return [
      ...d.statements.map((s) => new vscode.StatementCoverage(s.executed, new vscode.Range(s.line, 0, s.line, Number.MAX_SAFE_INTEGER))),
      ...d.functions.map((f) => new vscode.DeclarationCoverage(f.name, f.executed, new vscode.Range(f.start, 0, f.end, Number.MAX_SAFE_INTEGER))),
    ];
  }

  private async runOne(spec: RunSpec, items: vscode.TestItem[], run: vscode.TestRun, token: vscode.CancellationToken): Promise<void> {
    const client = this.client;
    if (!client?.isRunning()) {
      items.forEach((i) => run.errored(i, new vscode.TestMessage('Foresight: the language server is not running.')));
      return;
    }
    items.forEach((i) => run.started(i));
    const started = Date.now();
    if (spec.kind === 'reproducer') {
      await this.replay(client, spec.uri, items, run, token);
      return;
    }
    const arg = spec.kind === 'suite' ? { uri: spec.uri, wait: true } : { uri: spec.uri, function: spec.function, wait: true };
    const command = spec.kind === 'suite' ? ServerCommands.fuzzFile : ServerCommands.fuzzFunction;
    let raw: unknown;
    try {
      raw = await client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [arg] }, token);
    } catch (err) {
      items.forEach((i) => (token.isCancellationRequested ? run.skipped(i) : run.errored(i, new vscode.TestMessage(`Foresight: ${errorText(err)}`))));
      return;
    }
    const result = parseRunResult(raw);
    if (!result) {
      items.forEach((i) => run.errored(i, new vscode.TestMessage('Foresight: the server answered no run result (an older server?)')));
      return;
    }
    run.appendOutput(`${this.nodes.get(items[0])?.label ?? spec.uri}: ${result.result}\r\n`);
    const ms = Date.now() - started;
    for (const it of items) {
      const o = outcomeOf(this.nodes.get(it)!, result);
      if (o.state === 'failed') {
        run.failed(it, o.failures.map((f) => message(f.message, f.uri, f.range)), ms);
      } else if (o.state === 'passed') {
        run.passed(it, ms);
      } else {
        run.skipped(it);
        run.appendOutput(`${it.label}: not fuzzed (${o.note})\r\n`);
      }
    }
  }

  /** A reproducer's run: the replay of the finding it was exported from,
   * while this workspace remembers it and the server still has it. */
  private async replay(client: LanguageClient, file: string, items: vscode.TestItem[], run: vscode.TestRun, token: vscode.CancellationToken): Promise<void> {
    const all = this.context.workspaceState.get<Record<string, { uri: string; finding: string }>>(exportsKey, {});
    const from = all[vscode.Uri.parse(file).toString()];
    const cannot = (why: string) => {
      const rel = vscode.workspace.asRelativePath(vscode.Uri.parse(file));
      items.forEach((i) => run.skipped(i));
      run.appendOutput(`${rel}: ${why}; \`forge test --match-path ${rel}\` runs it.\r\n`);
    };
    if (!from) {
      cannot('not exported in this workspace by Foresight, so its finding is unknown');
      return;
    }
    let raw: unknown;
    try {
      raw = await client.sendRequest(ExecuteCommandRequest.type, { command: ServerCommands.replay, arguments: [{ ...from, structured: true, quiet: true }] }, token);
    } catch (err) {
      cannot(`its finding cannot be replayed (${errorText(err)})`);
      return;
    }
    const r = asReplay(raw);
    if (r?.reproduced === undefined) {
      cannot('the server answered no replay');
      return;
    }
    for (const it of items) {
      if (r.reproduced) {
        const line = Math.max(0, (r.line ?? 1) - 1);
        const at = r.path ? vscode.Uri.file(r.path).toString() : from.uri;
        run.failed(it, message(`${r.title ?? r.kind ?? 'the finding'} still fails:\n\n${r.trace}`, at, { start: { line, character: 0 }, end: { line, character: 0 } }));
      } else {
        run.passed(it);
      }
    }
  }

  dispose(): void {
    this.subscriptions.forEach((d) => d.dispose());
  }
}

function gather(items: vscode.TestItemCollection): vscode.TestItem[] {
  const out: vscode.TestItem[] = [];
  items.forEach((i) => out.push(i));
  return out;
}

function range(r: LspRange): vscode.Range {
  return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}

function message(text: string, uri: string, r: LspRange): vscode.TestMessage {
  const m = new vscode.TestMessage(text);
  m.location = new vscode.Location(vscode.Uri.parse(uri), range(r));
  return m;
}
