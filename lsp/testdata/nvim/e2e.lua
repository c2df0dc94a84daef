-- Neovim end-to-end check of `foresight lsp`, run by TestNeovim:
--   FORESIGHT_BIN=... FORESIGHT_LOG=... nvim --headless --clean -c "luafile e2e.lua" -- File.sol
-- It waits for the two findings of TwoObjectives.sol, asks for the code
-- actions of one, replays it, hovers it, and exits 0 on success
-- (cquit 1 on failure). Written for Neovim 0.7 (no vim.lsp.start).

local function say(fmt, ...)
  io.stdout:write(string.format(fmt, ...) .. "\n")
end

local function fail(fmt, ...)
  say("FAIL " .. fmt, ...)
  vim.cmd("cquit 1")
end

local function main()
  local file = vim.fn.fnamemodify(vim.fn.argv(0), ":p")
  local findings = {}
  local client_id = vim.lsp.start_client({
    name = "foresight",
    cmd = { os.getenv("FORESIGHT_BIN"), "lsp", "--log-file", os.getenv("FORESIGHT_LOG"), "-v" },
    root_dir = vim.fn.fnamemodify(file, ":h"),
    init_options = { foresight = { fuzzExecs = 40000, fuzzBudgetSeconds = 0, seed = 9, workers = 1 } },
    handlers = {
      ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
        local current = {}
        for _, d in ipairs(result.diagnostics) do
          if d.source == "foresight" then
            table.insert(current, d)
          end
        end
        findings = current
        return vim.lsp.handlers["textDocument/publishDiagnostics"](err, result, ctx, config)
      end,
    },
  })
  if not client_id then
    return fail("could not start the server")
  end
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, client_id)

  if not vim.wait(120000, function() return #findings >= 2 end, 50) then
    return fail("no findings (got %d)", #findings)
  end
  table.sort(findings, function(a, b) return a.range.start.line < b.range.start.line end)
  for _, d in ipairs(findings) do
    say("DIAG %d:%d [%s %s] %s", d.range.start.line + 1, d.range.start.character + 1, d.source, d.code, d.message)
  end
  local d = findings[1]
  if d.range.start.line ~= 10 or d.code ~= "assert-failure" then
    return fail("first finding at line %d code %s", d.range.start.line, tostring(d.code))
  end
  say("vim.diagnostic.get -> %d item(s)", #vim.diagnostic.get(bufnr))

  local client = vim.lsp.get_client_by_id(client_id)
  local uri = vim.uri_from_bufnr(bufnr)
  local resp = client.request_sync("textDocument/codeAction", {
    textDocument = { uri = uri },
    range = d.range,
    context = { diagnostics = { d } },
  }, 30000, bufnr)
  if not resp or resp.err or not resp.result then
    return fail("codeAction: %s", vim.inspect(resp))
  end
  local replay
  for _, action in ipairs(resp.result) do
    say("CODEACTION %s -> %s", action.title, action.command and action.command.command or "?")
    if action.command and action.command.command == "foresight.replay" then
      replay = action.command
    end
  end
  if not replay then
    return fail("no replay action")
  end
  local exec = client.request_sync("workspace/executeCommand", replay, 60000, bufnr)
  if not exec or exec.err or type(exec.result) ~= "string" or not exec.result:find("assertion failed", 1, true) then
    return fail("executeCommand: %s", vim.inspect(exec))
  end
  say("EXECUTE foresight.replay -> %d bytes of trace", #exec.result)

  local hover = client.request_sync("textDocument/hover", {
    textDocument = { uri = uri },
    position = { line = d.range.start.line, character = d.range.start.character + 1 },
  }, 30000, bufnr)
  if not hover or hover.err or not hover.result or not hover.result.contents.value:find("1. from ", 1, true) then
    return fail("hover: %s", vim.inspect(hover))
  end
  say("HOVER ok")

  client.stop()
  vim.wait(10000, function() return client.is_stopped() end, 50)
  say("PASS")
  vim.cmd("qall!")
end

local ok, err = pcall(main)
if not ok then
  fail("lua error: %s", tostring(err))
end
