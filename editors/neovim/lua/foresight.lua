-- Foresight for Neovim's built-in LSP client (Neovim 0.7 or later).
--
--   vim.opt.runtimepath:append('/path/to/foresight/editors/neovim')
--   require('foresight').setup({
--     cmd = { 'foresight', 'lsp' },            -- the default
--     settings = { fuzzBudgetSeconds = 10 },   -- the "foresight" section
--   })
--
-- setup() starts `foresight lsp` for every buffer whose filetype is
-- "solidity" (*.sol), one server per project root, and attaches later
-- buffers of the same root to it. The settings are sent as
-- initializationOptions and answer the server's workspace/configuration
-- requests (which Neovim 0.7 does not offer); update_settings() changes
-- them while the server runs. Findings are diagnostics; the code actions "Replay failing
-- sequence" and "Export as Foundry test" run from Neovim's code action menu
-- (vim.lsp.buf.code_action()): this module shows the replay trace in the
-- scratch buffer foresight://replay and opens the exported test, results
-- Neovim's client would otherwise drop. Code lenses ("Fuzz", "N execs, M
-- findings") are refreshed on save and when idle; run one with
-- vim.lsp.codelens.run(). With coverage (the default), a sign marks each
-- line the last campaigns reached (ForesightCovered) and did not reach
-- (ForesightUncovered), from the server's foresight/coverage notification
-- (docs/lsp.md, "Coverage").
--
-- Users of nvim-lspconfig can use the snippet in editors/README.md instead;
-- the command handlers of this module work with either (call
-- require('foresight').register_commands()).

local M = {}

-- The defaults; setup() takes the same keys.
M.defaults = {
  -- How to start the server (a list: program and arguments).
  cmd = { 'foresight', 'lsp' },
  filetypes = { 'solidity' },
  -- The nearest directory holding one of these is the project root (the
  -- server finds Foundry/Hardhat/Truffle projects per file by itself; the
  -- root only decides which buffers share a server).
  root_markers = {
    'foundry.toml', 'hardhat.config.js', 'hardhat.config.ts', 'hardhat.config.cjs', 'truffle-config.js',
    'truffle.js', 'remappings.txt', '.git',
  },
  -- The "foresight" settings section, sent to the server as it is (its
  -- keys and types: editors/README.md, "Settings").
  settings = {},
  -- Whether the server may run executables the workspace names (a solc
  -- path in foundry.toml, a solcPath inside the project): false (the
  -- default) compiles with your own compilers only; true trusts every
  -- workspace; a function(root) -> boolean decides per project root
  -- (docs/security.md). Sent as initializationOptions.trustedWorkspace.
  trusted_workspace = false,
  -- Passed through to the client.
  on_attach = nil,
  capabilities = nil,
  handlers = nil,
  -- Show replay traces in a scratch window ("Replay failing sequence") and
  -- open exported Foundry tests.
  commands = true,
  -- Show the code lenses ("Fuzz", "N execs, M findings") and refresh them
  -- on these events (Neovim does not ask for them by itself); run one with
  -- :lua vim.lsp.codelens.run().
  codelens = true,
  codelens_events = { 'BufEnter', 'BufWritePost', 'InsertLeave', 'CursorHold' },
  -- Ask for foresight/coverage and show it as signs.
  coverage = true,
}

M.config = nil

local function notify(msg, level)
  vim.notify('foresight: ' .. msg, level or vim.log.levels.INFO)
end

-- A JSON object (never an empty Lua table, which would encode as []).
local function object(t)
  if t == nil or vim.tbl_isempty(t) then
    return vim.empty_dict()
  end
  return t
end

-- method calls a client method: client:name(...) on Neovim 0.11+, where
-- the dotted form is deprecated, client.name(...) before.
local function method(client, name, ...)
  if vim.fn.has('nvim-0.11') == 1 then
    return client[name](client, ...)
  end
  return client[name](...)
end

-- foresight_clients lists the Foresight clients attached to a buffer.
local function foresight_clients(bufnr)
  if vim.lsp.get_clients then -- 0.10+
    return vim.lsp.get_clients({ bufnr = bufnr, name = 'foresight' })
  end
  local list = {}
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == 'foresight' then
      table.insert(list, client)
    end
  end
  return list
end

local function exists(path)
  return vim.loop.fs_stat(path) ~= nil
end

-- root_of returns the nearest ancestor of path holding a root marker and
-- true, else the file's directory and false.
function M.root_of(path, markers)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local start = dir
  while true do
    for _, marker in ipairs(markers) do
      if exists(dir .. '/' .. marker) then
        return dir, true
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return start, false
    end
    dir = parent
  end
end

-- trusted reports whether the configuration trusts a project root.
function M.trusted(root)
  local cfg = M.config or M.defaults
  local t = cfg.trusted_workspace
  if type(t) == 'function' then
    return t(root) == true
  end
  return t == true
end

-- coverage_ns holds the coverage signs, a namespace per highlight group
-- (Neovim 0.7 does not return an extmark's sign in its details).
local coverage_ns = {
  ForesightCovered = vim.api.nvim_create_namespace('foresight_covered'),
  ForesightUncovered = vim.api.nvim_create_namespace('foresight_uncovered'),
}

-- show_coverage is the handler of foresight/coverage: it replaces the
-- signs of the file's buffer, if loaded (extmarks move with edits).
function M.show_coverage(_, params)
  if type(params) ~= 'table' or type(params.uri) ~= 'string' then
    return
  end
  local buf = vim.fn.bufnr(vim.uri_to_fname(params.uri))
  if buf == -1 or not vim.api.nvim_buf_is_loaded(buf) then
    return
  end
  for _, ns in pairs(coverage_ns) do
    vim.api.nvim_buf_clear_namespace(buf, ns, 0, -1)
  end
  local last = vim.api.nvim_buf_line_count(buf) - 1
  local function mark(spans, hl)
    for _, s in ipairs(type(spans) == 'table' and spans or {}) do
      if type(s) == 'table' and type(s.start) == 'number' and type(s['end']) == 'number' then
        for l = math.max(s.start, 0), math.min(s['end'], last) do
          vim.api.nvim_buf_set_extmark(buf, coverage_ns[hl], l, 0, { sign_text = '▎', sign_hl_group = hl })
        end
      end
    end
  end
  mark(params.reached, 'ForesightCovered')
  mark(params.unreached, 'ForesightUncovered')
end

-- coverage_marks returns a buffer's coverage signs as { line, group }
-- pairs (zero-based lines), for tests and status lines.
function M.coverage_marks(bufnr)
  local out = {}
  for hl, ns in pairs(coverage_ns) do
    for _, m in ipairs(vim.api.nvim_buf_get_extmarks(bufnr, ns, 0, -1, {})) do
      table.insert(out, { m[2], hl })
    end
  end
  table.sort(out, function(a, b)
    return a[1] < b[1]
  end)
  return out
end

-- client_config builds the client configuration for one root.
function M.client_config(root)
  local cfg = M.config or M.defaults
  local capabilities, handlers = cfg.capabilities, cfg.handlers
  if cfg.coverage then
    capabilities = vim.tbl_deep_extend('force', capabilities or vim.lsp.protocol.make_client_capabilities(),
      { experimental = { foresightCoverage = true } })
    handlers = vim.tbl_extend('force', handlers or {}, { ['foresight/coverage'] = M.show_coverage })
  end
  return {
    name = 'foresight',
    cmd = cfg.cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = { foresight = object(cfg.settings), trustedWorkspace = M.trusted(root) },
    settings = { foresight = object(cfg.settings) },
    on_attach = cfg.on_attach,
    capabilities = capabilities,
    handlers = handlers,
  }
end

-- clients maps a root to the id of its client.
local clients = {}

local function running(id)
  local client = id and vim.lsp.get_client_by_id(id)
  return client ~= nil and not method(client, 'is_stopped')
end

-- attach starts or reuses the server for a buffer and returns the client
-- id. A file outside any marked project joins a running server whose root
-- contains it (an exported test/Foo.t.sol joins its contract's server).
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' or vim.bo[bufnr].buftype ~= '' or name:match('^%a+://') then
    return nil
  end
  local cfg = M.config or M.defaults
  local root, marked = M.root_of(name, cfg.root_markers)
  if not marked and not running(clients[root]) then
    for r, id in pairs(clients) do
      if running(id) and vim.startswith(root .. '/', r .. '/') then
        root = r
        break
      end
    end
  end
  local id = clients[root]
  if vim.lsp.start then -- Neovim 0.8+: reuses a client with the same name and root
    id = vim.lsp.start(M.client_config(root), { bufnr = bufnr })
  else
    if not running(id) then
      id = vim.lsp.start_client(M.client_config(root))
    end
    if id then
      vim.lsp.buf_attach_client(bufnr, id)
    end
  end
  if not id then
    notify('could not start ' .. table.concat(cfg.cmd, ' '), vim.log.levels.ERROR)
    return nil
  end
  clients[root] = id
  return id
end

-- show_trace puts a replay trace in the scratch buffer foresight://replay,
-- shown in a window below, and returns the buffer.
function M.show_trace(text)
  local lines = vim.split(text, '\n', { plain = true })
  if lines[#lines] == '' then
    table.remove(lines)
  end
  local buf = vim.fn.bufnr('foresight://replay')
  if buf == -1 then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, 'foresight://replay')
    vim.bo[buf].bufhidden = 'hide'
    vim.bo[buf].swapfile = false
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  local win = vim.fn.bufwinid(buf)
  if win == -1 then
    vim.cmd('botright split')
    vim.api.nvim_win_set_buf(0, buf)
    vim.cmd('wincmd p')
  end
  return buf
end

-- execute sends a command to the server and calls on_result(result).
local function execute(command, ctx, on_result)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  if not client then
    return notify('the server is gone', vim.log.levels.ERROR)
  end
  method(client, 'request', 'workspace/executeCommand', {
    command = command.command,
    arguments = command.arguments,
  }, function(err, result)
    if err then
      return notify(command.command .. ': ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
    end
    on_result(result)
  end, ctx.bufnr)
end

-- Command handlers: Neovim runs a code action's command with these instead
-- of sending it straight to the server, whose result it would discard.
M.commands = {
  ['foresight.replay'] = function(command, ctx)
    execute(command, ctx, function(result)
      if type(result) == 'string' then
        M.show_trace(result)
      end
    end)
  end,
  ['foresight.exportFoundryTest'] = function(command, ctx)
    execute(command, ctx, function(result)
      if type(result) == 'string' and result ~= '' then
        -- The server writes the file, or creates it through
        -- workspace/applyEdit when the client offers documentChanges
        -- (the buffer then holds the test, unsaved).
        vim.cmd('split ' .. vim.fn.fnameescape(result))
        notify('Foundry test in ' .. result .. (vim.bo.modified and ' (unsaved)' or ''))
      end
    end)
  end,
}

function M.register_commands()
  for name, fn in pairs(M.commands) do
    vim.lsp.commands[name] = fn
  end
end

-- update_settings replaces the settings of the running servers (and of
-- servers started later): Neovim 0.7 does not offer
-- workspace/configuration, so they are pushed with
-- workspace/didChangeConfiguration.
function M.update_settings(settings)
  M.config = M.config or vim.deepcopy(M.defaults)
  M.config.settings = settings or {}
  for _, id in pairs(clients) do
    local client = vim.lsp.get_client_by_id(id)
    if client and not method(client, 'is_stopped') then
      client.config.settings = { foresight = object(M.config.settings) }
      method(client, 'notify', 'workspace/didChangeConfiguration', { settings = client.config.settings })
    end
  end
end

-- refresh_codelens asks for the code lenses of a buffer that has a
-- Foresight client (on Neovim before 0.10, only of the current buffer).
function M.refresh_codelens(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = foresight_clients(bufnr)[1]
  if not client or not client.initialized then
    return
  end
  if vim.fn.has('nvim-0.10') == 1 then
    pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
  elseif bufnr == vim.api.nvim_get_current_buf() then
    pcall(vim.lsp.codelens.refresh)
  end
end

function M.setup(opts)
  M.config = vim.tbl_extend('force', M.defaults, opts or {})
  vim.api.nvim_set_hl(0, 'ForesightCovered', { default = true, fg = '#38a050' })
  vim.api.nvim_set_hl(0, 'ForesightUncovered', { default = true, fg = '#dc463c' })
  if M.config.commands then
    M.register_commands()
  end
  local group = vim.api.nvim_create_augroup('foresight', { clear = true })
  -- Neovim 0.7 already maps *.sol to "solidity"; this covers builds that
  -- do not.
  vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
    group = group,
    pattern = '*.sol',
    command = 'setfiletype solidity',
  })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.config.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  if M.config.codelens then
    vim.api.nvim_create_autocmd(M.config.codelens_events, {
      group = group,
      pattern = '*.sol',
      callback = function(args)
        M.refresh_codelens(args.buf)
      end,
    })
  end
  -- Buffers opened before setup().
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.tbl_contains(M.config.filetypes, vim.bo[buf].filetype) then
      M.attach(buf)
    end
  end
end

return M
