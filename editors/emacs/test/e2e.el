;;; e2e.el --- End-to-end test of foresight.el with Eglot  -*- lexical-binding: t; -*-

;;; Commentary:

;; Drives editors/emacs/foresight.el and the real `foresight lsp' binary
;; from Emacs in batch mode (Emacs 27+ and Eglot 1.9+).  scripts/e2e-editors
;; runs it:
;;
;;   FORESIGHT_BIN=/tmp/foresight FORESIGHT_E2E_FILE=/tmp/ws/SequenceFoo.sol \
;;   emacs --batch -l editors/emacs/test/e2e.el
;;
;; Run it without -Q: Debian's site-start activates the elpa-eglot package.
;; The environment is the one of editors/neovim/test/e2e.lua:
;; FORESIGHT_BIN, FORESIGHT_E2E_FILE (required), FORESIGHT_E2E_LINE
;; (default 17), FORESIGHT_E2E_EXPECT (default "SequenceFoo.bar()"),
;; FORESIGHT_LOG and FORESIGHT_E2E_WAIT (seconds, default 120).
;;
;; It loads foresight.el, enables Eglot the way a user does (a mode hook
;; running `eglot-ensure'), opens and saves the file, waits for the
;; finding in Flymake, asks `eglot-code-actions' for the actions at it,
;; runs "Replay failing sequence" with workspace/executeCommand and
;; through `eglot-execute-command' (the menu's path, which shows the trace
;; in *foresight replay*), exports the Foundry test the same way, and
;; exits 0 after printing PASS, or 1 after printing FAIL.

;;; Code:

(require 'cl-lib)
(require 'subr-x)

(defun e2e-say (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defun e2e-fail (fmt &rest args)
  (e2e-say "FAIL %s" (apply #'format fmt args))
  (kill-emacs 1))

(defun e2e-env (name default)
  (let ((v (getenv name)))
    (if (or (null v) (string-empty-p v)) default v)))

(defun e2e-wait (seconds pred)
  "Process output until PRED is non-nil or SECONDS pass; return PRED's value."
  (let ((deadline (+ (float-time) seconds))
        value)
    (while (and (not (setq value (funcall pred)))
                (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defvar e2e-dir (file-name-directory (or load-file-name buffer-file-name)))

(defun e2e-main ()
  (let* ((file (or (getenv "FORESIGHT_E2E_FILE") (e2e-fail "FORESIGHT_E2E_FILE is not set")))
         (want-line (string-to-number (e2e-env "FORESIGHT_E2E_LINE" "17")))
         (want-trace (e2e-env "FORESIGHT_E2E_EXPECT" "SequenceFoo.bar()"))
         (wait (string-to-number (e2e-env "FORESIGHT_E2E_WAIT" "120")))
         (log (getenv "FORESIGHT_LOG")))
    ;; The configuration under test, loaded as a user would.
    (add-to-list 'load-path (expand-file-name ".." e2e-dir))
    (require 'foresight)
    (setq foresight-command
          (append (list (e2e-env "FORESIGHT_BIN" "foresight") "lsp")
                  (and log (list "--log-file" log "-v"))))
    ;; A fixed seed, an execution budget and one worker make the campaign
    ;; reproducible.
    (setq foresight-settings '(:fuzzExecs 40000 :fuzzBudgetSeconds 0 :seed 9 :workers 1))
    (add-hook 'solidity-mode-hook #'eglot-ensure)
    (add-hook 'foresight-solidity-mode-hook #'eglot-ensure)
    (setq eglot-sync-connect 30)

    (find-file file)
    (unless (memq major-mode '(solidity-mode foresight-solidity-mode))
      (e2e-fail "major mode is %s" major-mode))
    ;; `eglot-ensure' connects from `post-command-hook', which batch mode
    ;; never runs by itself.
    (run-hooks 'post-command-hook)
    (unless (e2e-wait 10 (lambda () (and (bound-and-true-p eglot--managed-mode) (eglot-current-server))))
      (e2e-fail "eglot did not start the server"))
    (let ((server (eglot-current-server)))
      (e2e-say "CLIENT %s (%s) in %s" (eglot--server-info server) (eieio-object-class-name server) major-mode)
      (flymake-start)

      ;; Save: eglot sends didSave.
      (set-buffer-modified-p t)
      (save-buffer)

      (let ((diag (e2e-wait wait
                            (lambda ()
                              (cl-find-if (lambda (d) (string-prefix-p "foresight" (flymake-diagnostic-text d)))
                                          (flymake-diagnostics))))))
        (unless diag
          (e2e-fail "no foresight diagnostic in Flymake after %s s (have %S)" wait
                    (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
        (let ((line (line-number-at-pos (flymake-diagnostic-beg diag))))
          (e2e-say "DIAG %d [%s] %s" line (flymake-diagnostic-type diag) (flymake-diagnostic-text diag))
          (unless (= line want-line)
            (e2e-fail "finding on line %d, want %d" line want-line)))

        ;; The coverage bars from foresight/coverage: the finding's line ran.
        (let ((bar (e2e-wait 30 (lambda ()
                                  (cl-find-if (lambda (o)
                                                (and (eq (overlay-get o 'foresight-coverage) 'foresight-covered)
                                                     (= (line-number-at-pos (overlay-start o)) want-line)))
                                              (foresight--coverage-overlays))))))
          (unless bar
            (e2e-fail "no foresight-covered bar on line %d (have %d bars)" want-line
                      (length (foresight--coverage-overlays))))
          (e2e-say "COVERAGE %d bars" (length (foresight--coverage-overlays))))

        ;; textDocument/codeAction, as M-x eglot-code-actions sends it.
        (let* ((actions (eglot-code-actions (flymake-diagnostic-beg diag) (flymake-diagnostic-end diag)))
               (by-title (mapcar (lambda (a) (cons (plist-get a :title) a)) actions)))
          (dolist (a by-title)
            (e2e-say "CODEACTION %s -> %s" (car a) (plist-get (plist-get (cdr a) :command) :command)))
          (let ((replay (plist-get (cdr (assoc "Replay failing sequence" by-title)) :command))
                (export (plist-get (cdr (assoc "Export as Foundry test" by-title)) :command)))
            (unless replay
              (e2e-fail "\"Replay failing sequence\" is not offered"))

            ;; workspace/executeCommand: the result is the trace.
            (let ((trace (jsonrpc-request server :workspace/executeCommand
                                          (list :command (plist-get replay :command)
                                                :arguments (plist-get replay :arguments))
                                          :timeout 60)))
              (unless (and (stringp trace)
                           (string-match-p (regexp-quote "assertion failed") trace)
                           (string-match-p (regexp-quote want-trace) trace))
                (e2e-fail "executeCommand result lacks the trace: %S" trace))
              (e2e-say "EXECUTE %s -> %d bytes of trace" (plist-get replay :command) (length trace))
              (dolist (l (split-string trace "\n" t))
                (e2e-say "  | %s" l)))

            ;; The menu's path: foresight.el shows the trace.
            (eglot-execute-command server (intern (plist-get replay :command)) (plist-get replay :arguments))
            (let ((buffer (get-buffer "*foresight replay*")))
              (unless (and buffer (with-current-buffer buffer
                                    (save-excursion
                                      (goto-char (point-min))
                                      (search-forward want-trace nil t))))
                (e2e-fail "*foresight replay* does not show the trace"))
              (e2e-say "MENU replay -> *foresight replay* (%d lines)"
                       (with-current-buffer buffer (count-lines (point-min) (point-max)))))

            (unless export
              (e2e-fail "\"Export as Foundry test\" is not offered"))
            (let* ((path (eglot-execute-command server (intern (plist-get export :command))
                                                (plist-get export :arguments)))
                   (buffer (and (stringp path) (get-file-buffer path))))
              (unless (and buffer (with-current-buffer buffer
                                    (save-excursion
                                      (goto-char (point-min))
                                      (search-forward "forge-std/Test.sol" nil t))))
                (e2e-fail "\"Export as Foundry test\" did not open the test: %S" path))
              (e2e-say "MENU export -> %s" path)))))

      (let ((inhibit-message t))
        (eglot-shutdown server))
      (e2e-say "PASS")
      (kill-emacs 0))))

(condition-case err
    (e2e-main)
  (error (e2e-fail "error: %s" (error-message-string err))))

;;; e2e.el ends here
