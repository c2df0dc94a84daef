-- End-to-end test of editors/neovim/lua/foresight.lua with headless Neovim
-- (0.7 or later) and the real `foresight lsp` binary. scripts/e2e-editors
-- runs it:
--
--   FORESIGHT_BIN=/tmp/foresight FORESIGHT_E2E_FILE=/tmp/ws/SequenceFoo.sol \
--   nvim --headless --clean -n -c "luafile editors/neovim/test/e2e.lua"
--
-- Environment:
--   FORESIGHT_BIN        the server binary (default: foresight on PATH)
--   FORESIGHT_E2E_FILE   the buggy contract to open (required)
--   FORESIGHT_E2E_LINE   1-based line the finding must start on (default 17,
--                        the assert of examples/SequenceFoo.sol)
--   FORESIGHT_E2E_EXPECT text the replay trace must contain
--                        (default "SequenceFoo.bar()")
--   FORESIGHT_LOG        server log file (optional)
--   FORESIGHT_E2E_WAIT   seconds to wait for the finding (default 120)
--
-- It loads the module through the runtimepath exactly as a user would,
-- opens the file, saves it, waits for the finding diagnostic, asks for the
-- code actions at it, runs "Replay failing sequence" with
-- workspace/executeCommand, then runs it again through
-- vim.lsp.buf.code_action() (the module's command handler shows the trace
-- in foresight://replay) and exports the Foundry test the same way. Prints
-- PASS and exits 0, or prints FAIL and exits with :cquit 1.

local function say(fmt, ...)
  io.stdout:write(string.format(fmt, ...) .. '\n')
end

local function fail(fmt, ...)
  say('FAIL ' .. fmt, ...)
  io.stdout:flush()
  vim.cmd('cquit 1')
end

-- Print messages on lines of their own: vim.notify (the module's) and
-- window/showMessage (the server's), which headless Neovim would write
-- without line breaks.
vim.notify = function(msg, level)
  say('NOTIFY[%s] %s', tostring(level), tostring(msg))
end
vim.lsp.handlers['window/showMessage'] = function(_, result)
  say('SHOWMESSAGE[%d] %s', result.type, result.message)
  return vim.NIL
end

local function main()
  if vim.fn.has('nvim-0.7') == 0 then
    return fail('Neovim 0.7 or later is needed')
  end
  local script = debug.getinfo(1, 'S').source:sub(2)
  local plugin = vim.fn.fnamemodify(script, ':p:h:h') -- editors/neovim
  vim.opt.runtimepath:append(plugin)

  local file = os.getenv('FORESIGHT_E2E_FILE')
  if not file or file == '' then
    return fail('FORESIGHT_E2E_FILE is not set')
  end
  file = vim.fn.fnamemodify(file, ':p')
  local want_line = tonumber(os.getenv('FORESIGHT_E2E_LINE') or '17') - 1
  local want_trace = os.getenv('FORESIGHT_E2E_EXPECT') or 'SequenceFoo.bar()'
  local wait_ms = tonumber(os.getenv('FORESIGHT_E2E_WAIT') or '120') * 1000
  local cmd = { os.getenv('FORESIGHT_BIN') or 'foresight', 'lsp' }
  if os.getenv('FORESIGHT_LOG') then
    vim.list_extend(cmd, { '--log-file', os.getenv('FORESIGHT_LOG'), '-v' })
  end

  -- The configuration under test. A fixed seed, an execution budget and
  -- one worker make the campaign reproducible.
  local foresight = require('foresight')
  foresight.setup({
    cmd = cmd,
    settings = { fuzzExecs = 40000, fuzzBudgetSeconds = 0, seed = 9, workers = 1 },
  })

  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  if vim.bo[bufnr].filetype ~= 'solidity' then
    return fail('filetype is %q, want solidity', vim.bo[bufnr].filetype)
  end
  local client
  if not vim.wait(30000, function()
    for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
      if c.name == 'foresight' then
        client = c
      end
    end
    return client ~= nil and client.initialized == true
  end, 20) then
    return fail('the autocmd did not start an initialized client')
  end
  say('CLIENT %s (id %d) root %s', client.name, client.id, client.config.root_dir)

  vim.cmd('silent write')

  local function findings()
    return vim.diagnostic.get(bufnr, { namespace = vim.lsp.diagnostic.get_namespace(client.id) })
  end
  local diag
  if not vim.wait(wait_ms, function()
    for _, d in ipairs(findings()) do
      if d.source == 'foresight' then
        diag = d
        return true
      end
    end
    return false
  end, 50) then
    return fail('no foresight diagnostic after %d s (have %s)', wait_ms / 1000, vim.inspect(findings()))
  end
  say('DIAG %d:%d [%s %s] %s', diag.lnum + 1, diag.col + 1, diag.source, tostring(diag.code), diag.message)
  if diag.lnum ~= want_line then
    return fail('finding on line %d, want %d', diag.lnum + 1, want_line + 1)
  end

  -- The code lenses the module refreshes on BufWritePost.
  foresight.refresh_codelens(bufnr)
  local lenses
  if not vim.wait(30000, function()
    lenses = {}
    for _, l in ipairs(vim.lsp.codelens.get(bufnr)) do
      if l.command then
        table.insert(lenses, string.format('%d:%s', l.range.start.line + 1, l.command.title))
      end
    end
    return #lenses > 0
  end, 50) then
    return fail('no code lenses')
  end
  say('CODELENS %s', table.concat(lenses, ', '))

  -- The coverage signs from foresight/coverage: the finding's line ran.
  local marks
  if not vim.wait(30000, function()
    marks = foresight.coverage_marks(bufnr)
    for _, m in ipairs(marks) do
      if m[1] == diag.lnum and m[2] == 'ForesightCovered' then
        return true
      end
    end
    return false
  end, 50) then
    return fail('no ForesightCovered sign on line %d (have %s)', diag.lnum + 1, vim.inspect(marks))
  end
  say('COVERAGE %d signs', #marks)

  -- textDocument/codeAction with the diagnostics of the line, as
  -- vim.lsp.buf.code_action() sends them.
  vim.api.nvim_win_set_cursor(0, { diag.lnum + 1, diag.col })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, diag.lnum, {}, client.id) }
  local resp = client.request_sync('textDocument/codeAction', params, 30000, bufnr)
  if not resp or resp.err or type(resp.result) ~= 'table' then
    return fail('codeAction: %s', vim.inspect(resp))
  end
  local replay
  for _, action in ipairs(resp.result) do
    say('CODEACTION %s -> %s', action.title, action.command and action.command.command or '?')
    if action.title == 'Replay failing sequence' then
      replay = action.command
    end
  end
  if not replay then
    return fail('"Replay failing sequence" is not offered')
  end

  -- workspace/executeCommand: the result is the trace.
  local exec = client.request_sync('workspace/executeCommand', {
    command = replay.command,
    arguments = replay.arguments,
  }, 60000, bufnr)
  if not exec or exec.err or type(exec.result) ~= 'string' then
    return fail('executeCommand: %s', vim.inspect(exec))
  end
  if not exec.result:find('assertion failed', 1, true) or not exec.result:find(want_trace, 1, true) then
    return fail('the trace lacks "assertion failed" or %q:\n%s', want_trace, exec.result)
  end
  say('EXECUTE %s -> %d bytes of trace', replay.command, #exec.result)
  for line in exec.result:gmatch('[^\n]+') do
    say('  | %s', line)
  end

  -- The same through the code action menu: the module's handler for
  -- foresight.replay shows the trace in foresight://replay.
  local function pick(title)
    vim.ui.select = function(items, opts, on_choice)
      for i, item in ipairs(items) do
        if opts.format_item(item) == title then
          return on_choice(item, i)
        end
      end
      on_choice(nil, nil)
    end
    vim.lsp.buf.code_action()
  end
  pick('Replay failing sequence')
  local trace_buf
  if not vim.wait(60000, function()
    trace_buf = vim.fn.bufnr('foresight://replay')
    if trace_buf == -1 then
      return false
    end
    local text = table.concat(vim.api.nvim_buf_get_lines(trace_buf, 0, -1, false), '\n')
    return text:find(want_trace, 1, true) ~= nil
  end, 50) then
    return fail('the code action menu did not show the trace in foresight://replay')
  end
  say('MENU replay -> foresight://replay (%d lines)', vim.api.nvim_buf_line_count(trace_buf))

  -- "Export as Foundry test": the server creates the file with
  -- workspace/applyEdit and the handler opens it.
  vim.cmd('buffer ' .. bufnr)
  vim.api.nvim_win_set_cursor(0, { diag.lnum + 1, diag.col })
  pick('Export as Foundry test')
  local test_buf
  if not vim.wait(60000, function()
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      local name = vim.api.nvim_buf_get_name(b)
      if name:match('/test/Foresight_.*%.t%.sol$') then
        local text = table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '\n')
        if text:find('forge-std/Test.sol', 1, true) then
          test_buf = b
          return true
        end
      end
    end
    return false
  end, 50) then
    return fail('"Export as Foundry test" did not produce a test buffer')
  end
  say('MENU export -> %s', vim.fn.fnamemodify(vim.api.nvim_buf_get_name(test_buf), ':~:.'))

  client.stop()
  vim.wait(10000, function() return client.is_stopped() end, 50)
  say('PASS')
  io.stdout:flush()
  vim.cmd('qall!')
end

local ok, err = pcall(main)
if not ok then
  fail('lua error: %s', tostring(err))
end
