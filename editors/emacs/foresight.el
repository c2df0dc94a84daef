;;; foresight.el --- Foresight, the Solidity fuzzing language server, for Eglot  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (eglot "1.9"))
;; Keywords: languages, tools

;;; Commentary:

;; Registers `foresight lsp' with Eglot for Solidity buffers.
;;
;;   (add-to-list 'load-path "/path/to/foresight/editors/emacs")
;;   (require 'foresight)
;;   (setq foresight-settings '(:fuzzBudgetSeconds 10))
;;   (add-hook 'solidity-mode-hook #'eglot-ensure)            ; with solidity-mode
;;   (add-hook 'foresight-solidity-mode-hook #'eglot-ensure)  ; without it
;;
;; When the `solidity-mode' package is not installed, .sol files open in
;; `foresight-solidity-mode', a small fallback mode (comments, strings,
;; keywords, brace indentation).
;;
;; Settings: `foresight-settings' is sent as initializationOptions and
;; answers the server's workspace/configuration requests for the
;; "foresight" section.  A project can override it as a whole with a
;; directory-local `eglot-workspace-configuration' holding a :foresight
;; section, e.g. in .dir-locals.el:
;;
;;   ((nil (eglot-workspace-configuration
;;          . (:foresight (:fuzzBudgetSeconds 30 :workers 2)))))
;;
;; After changing settings, M-x eglot-signal-didChangeConfiguration
;; applies them to the running server.
;;
;; Findings appear as Flymake diagnostics.  M-x eglot-code-actions on one
;; offers "Replay failing sequence" (the trace is shown in the buffer
;; *foresight replay*), "Export as Foundry test" (the written test is
;; opened) and "Fuzz C.f for 60 s".
;;
;; Coverage: with `foresight-coverage' (the default) the server sends
;; foresight/coverage after each campaign, and each line the campaigns
;; reached gets a bar in the left fringe (face `foresight-covered'), each
;; line with code they did not reach another (`foresight-uncovered'); in
;; a terminal, which has no fringe, the bars are in the left margin when
;; `left-margin-width' leaves room.  The server also writes
;; .foresight/lcov.info for coverage packages such as `cov'.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'eglot)

(defgroup foresight nil
  "Foresight, the Solidity fuzzing language server."
  :group 'tools
  :prefix "foresight-")

(defcustom foresight-command '("foresight" "lsp")
  "The command line that starts the language server: program and arguments."
  :type '(repeat string))

(defcustom foresight-settings nil
  "The \"foresight\" settings section, as a plist.
It is sent to the server as it is; its keys and types are listed in
editors/README.md, \"Settings\" (e.g. :fuzzBudgetSeconds 10 or :oracles
\(:panics t)).  Write false as :json-false, not nil."
  :type 'plist)

(defcustom foresight-trusted-workspaces nil
  "Which workspaces the server may run executables of.
A solc path in foundry.toml or a :solcPath inside the project names an
executable of the workspace; the server runs it only in a trusted
workspace and otherwise compiles with your own compilers.  nil (the
default) trusts none, t every one, and a list of directories those
projects under one of them.  Sent as initializationOptions
trustedWorkspace; see docs/security.md.  Never mark it safe as a
directory-local variable: a project must not trust itself."
  :type '(choice (const :tag "None" nil) (const :tag "All" t) (repeat directory)))

(defcustom foresight-coverage t
  "Whether to ask the server for coverage and show it in the fringe."
  :type 'boolean)

(defface foresight-covered '((t :foreground "#38a050"))
  "Face of the bar on a line the last campaigns reached.")

(defface foresight-uncovered '((t :foreground "#dc463c"))
  "Face of the bar on a line with code the last campaigns did not reach.")

(defcustom foresight-solidity-indent-offset 4
  "Indentation step of `foresight-solidity-mode'."
  :type 'integer)

;;;; Fallback major mode

(defconst foresight-solidity--keywords
  '("abstract" "anonymous" "as" "assembly" "break" "calldata" "catch"
    "constant" "constructor" "continue" "contract" "delete" "do" "else"
    "emit" "enum" "error" "event" "external" "fallback" "for" "function"
    "if" "immutable" "import" "indexed" "interface" "internal" "is"
    "library" "mapping" "memory" "modifier" "new" "override" "payable"
    "pragma" "private" "public" "pure" "receive" "return" "returns"
    "revert" "storage" "struct" "try" "type" "unchecked" "using" "view"
    "virtual" "while"))

(defvar foresight-solidity-font-lock-keywords
  `((,(regexp-opt foresight-solidity--keywords 'symbols) . font-lock-keyword-face)
    ("\\_<\\(?:address\\|bool\\|string\\|bytes[0-9]*\\|u?int[0-9]*\\|u?fixed[0-9x]*\\)\\_>"
     . font-lock-type-face)
    ("\\_<\\(?:true\\|false\\|wei\\|gwei\\|ether\\|seconds\\|minutes\\|hours\\|days\\|weeks\\)\\_>"
     . font-lock-constant-face)
    ("\\_<\\(?:assert\\|require\\|this\\|super\\|msg\\|block\\|tx\\|abi\\)\\_>"
     . font-lock-builtin-face)
    ("\\_<\\(?:contract\\|interface\\|library\\|struct\\|enum\\|event\\|error\\|function\\|modifier\\)\\_>[ \t]+\\(\\(?:\\sw\\|\\s_\\)+\\)"
     1 font-lock-function-name-face)))

(defvar foresight-solidity-mode-syntax-table
  (let ((st (make-syntax-table)))
    (modify-syntax-entry ?/ ". 124b" st)
    (modify-syntax-entry ?* ". 23" st)
    (modify-syntax-entry ?\n "> b" st)
    (modify-syntax-entry ?_ "_" st)
    (modify-syntax-entry ?$ "_" st)
    (modify-syntax-entry ?\' "\"" st)
    st)
  "Syntax table of `foresight-solidity-mode'.")

(defun foresight-solidity-indent-line ()
  "Indent the current line by its brace depth."
  (interactive)
  (let* ((depth (save-excursion (car (syntax-ppss (line-beginning-position)))))
         (closing (save-excursion (back-to-indentation) (looking-at-p "[]})]")))
         (column (* foresight-solidity-indent-offset
                    (max 0 (- depth (if closing 1 0))))))
    (if (<= (current-column) (current-indentation))
        (indent-line-to column)
      (save-excursion (indent-line-to column)))))

;;;###autoload
(define-derived-mode foresight-solidity-mode prog-mode "Solidity"
  "A minimal major mode for Solidity, used when `solidity-mode' is absent."
  (setq-local comment-start "// ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "\\(?://+\\|/\\*+\\)\\s *")
  (setq-local indent-line-function #'foresight-solidity-indent-line)
  (setq-local indent-tabs-mode nil)
  (setq-local font-lock-defaults '(foresight-solidity-font-lock-keywords)))

;;;###autoload
(unless (or (fboundp 'solidity-mode) (locate-library "solidity-mode"))
  (add-to-list 'auto-mode-alist '("\\.sol\\'" . foresight-solidity-mode)))

;;;; Eglot

(defclass eglot-foresight (eglot-lsp-server) ()
  :documentation "Foresight's language server.")

(defun foresight--contact (_interactive)
  "The Eglot contact of the server: our class and `foresight-command'."
  (cons 'eglot-foresight (copy-sequence foresight-command)))

(add-to-list 'eglot-server-programs
             '(((solidity-mode :language-id "solidity")
                (foresight-solidity-mode :language-id "solidity"))
               . foresight--contact))

(defun foresight--object (plist)
  "PLIST as a JSON object (an empty one when PLIST is nil)."
  (or plist (make-hash-table)))

(defun foresight--trusted-p (root)
  "Whether `foresight-trusted-workspaces' trusts the project at ROOT."
  (cond ((eq foresight-trusted-workspaces t) t)
        ((listp foresight-trusted-workspaces)
         (and root
              (cl-some (lambda (dir)
                         (file-in-directory-p root (file-truename dir)))
                       foresight-trusted-workspaces)))))

(cl-defmethod eglot-initialization-options ((server eglot-foresight))
  "Send `foresight-settings' as {\"foresight\": {...}} with the trust."
  (let ((root (ignore-errors (file-truename (project-root (eglot--project server))))))
    (list :foresight (foresight--object foresight-settings)
          :trustedWorkspace (if (foresight--trusted-p root) t :json-false))))

(cl-defmethod eglot-handle-request
  ((_server eglot-foresight) (_method (eql workspace/configuration)) &key items)
  "Answer the \"foresight\" section with `foresight-settings'.
A directory-local `eglot-workspace-configuration' with a :foresight
section takes precedence."
  (let ((values (cl-call-next-method)))
    (cl-loop for item across items
             for i from 0
             when (and (equal (plist-get item :section) "foresight")
                       (null (aref values i)))
             do (aset values i (foresight--object foresight-settings)))
    values))

(cl-defmethod eglot-client-capabilities :around ((_server eglot-foresight))
  "Ask for foresight/coverage when `foresight-coverage' is set."
  (let ((caps (cl-call-next-method)))
    (if foresight-coverage
        (plist-put caps :experimental (list :foresightCoverage t))
      caps)))

(when (fboundp 'define-fringe-bitmap)
  (define-fringe-bitmap 'foresight--bar [#b11100000] nil nil '(top t)))

(defun foresight--coverage-overlays ()
  "The coverage overlays of the current buffer."
  (cl-remove-if-not (lambda (o) (overlay-get o 'foresight-coverage))
                    (overlays-in (point-min) (point-max))))

(defun foresight-show-coverage (buffer reached unreached)
  "Replace BUFFER's coverage bars with REACHED and UNREACHED.
Each is a sequence of plists (:start L :end L), zero-based inclusive
lines."
  (with-current-buffer buffer
    (mapc #'delete-overlay (foresight--coverage-overlays))
    (save-excursion
      (dolist (spec (list (cons reached 'foresight-covered)
                          (cons unreached 'foresight-uncovered)))
        (seq-doseq (span (car spec))
          (let ((start (plist-get span :start))
                (end (plist-get span :end)))
            (when (and (natnump start) (natnump end))
              (goto-char (point-min))
              (when (zerop (forward-line start))
                (cl-loop for line from start to end
                         until (eobp)
                         do (let ((o (make-overlay (line-beginning-position) (line-beginning-position))))
                              (overlay-put o 'foresight-coverage (cdr spec))
                              (overlay-put o 'before-string
                                           (propertize "|" 'display
                                                       (if (display-graphic-p)
                                                           (list 'left-fringe 'foresight--bar (cdr spec))
                                                         (list '(margin left-margin) (propertize "▎" 'face (cdr spec)))))))
                         (forward-line 1))))))))))

(cl-defmethod eglot-handle-notification
  ((_server eglot-foresight) (_method (eql foresight/coverage)) &key uri reached unreached &allow-other-keys)
  "Show the coverage of a file's buffer, if one visits it."
  (let ((buffer (find-buffer-visiting (if (fboundp 'eglot-uri-to-path)
                                          (eglot-uri-to-path uri)
                                        (eglot--uri-to-path uri)))))
    (when buffer
      (foresight-show-coverage buffer reached unreached))))

(defun foresight-show-trace (text)
  "Show a replay trace TEXT in the buffer *foresight replay*; return it."
  (let ((buffer (get-buffer-create "*foresight replay*")))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert text))
      (goto-char (point-min))
      (special-mode))
    (display-buffer buffer)
    buffer))

(defun foresight--after-command (command result)
  "Show the RESULT of COMMAND (a string) to the user."
  (pcase command
    ("foresight.replay"
     (when (stringp result) (foresight-show-trace result)))
    ("foresight.exportFoundryTest"
     (when (and (stringp result) (not (string-empty-p result)))
       (display-buffer (find-file-noselect result))
       (message "foresight: Foundry test in %s" result)))))

;; Eglot up to 1.15 runs code action commands with `eglot-execute-command'
;; and drops their result; show it.
(cl-defmethod eglot-execute-command ((_server eglot-foresight) command _arguments)
  "Run COMMAND, then show its result (replay trace, exported test)."
  (let ((result (cl-call-next-method)))
    (foresight--after-command (format "%s" command) result)
    result))

;; Eglot 1.16+ (Emacs 30) runs them with `eglot-execute' instead.
(when (fboundp 'eglot-execute)
  (cl-defmethod eglot-execute ((_server eglot-foresight) action)
    "Run ACTION, then show the result of a Foresight command."
    (let ((result (cl-call-next-method))
          (command (plist-get action :command)))
      (when (stringp command)
        (foresight--after-command command result))
      result)))

(provide 'foresight)
;;; foresight.el ends here
