/*
 * LLVM 15's bitcode reader behind the DXIL module reader (agx_dxil.h, decision
 * D025-bitcode-reader). LLVM reads DXIL (3.7-era bitcode, from dxc and Mesa) and
 * the LLVM 15 bitcode of the project's own test shaders alike, but some malformed
 * bitcode aborts or crashes it (measured: 29 of 1,500 random bit flips of a 2 KB
 * module), and leaks on some error paths. So a child process reads and verifies the
 * bytes first, and tells why it refused them through a pipe; only bitcode the child
 * read and verified is read again here.
 */
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>

#include "agx_dxil.h"
#include "ddi_dxbc.h"

#define PREFLIGHT_BUDGET_MS 5000

struct diagnostic
{
    char text[160];
    bool error;
};

static void record_diagnostic(LLVMDiagnosticInfoRef info, void *context)
{
    struct diagnostic *diagnostic = context;
    char *text;

    if (LLVMGetDiagInfoSeverity(info) != LLVMDSError || diagnostic->error)
        return;
    diagnostic->error = true;
    if ((text = LLVMGetDiagInfoDescription(info)))
    {
        snprintf(diagnostic->text, sizeof(diagnostic->text), "%s", text);
        LLVMDisposeMessage(text);
    }
}

/* Reads and verifies; on failure the sentence names LLVM's own reason. */
static HRESULT parse_and_verify(const void *bitcode, size_t size, LLVMContextRef *context, LLVMModuleRef *module,
                                char *why, size_t why_size)
{
    struct diagnostic diagnostic = {"", false};
    LLVMMemoryBufferRef buffer;
    char *message = NULL;
    LLVMBool failed;

    *module = NULL;
    if (!(*context = LLVMContextCreate()))
        return E_OUTOFMEMORY;
    LLVMContextSetDiagnosticHandler(*context, record_diagnostic, &diagnostic);
    if (!(buffer = LLVMCreateMemoryBufferWithMemoryRange(bitcode, size, "dxil", 0)))
    {
        LLVMContextDispose(*context);
        *context = NULL;
        return E_OUTOFMEMORY;
    }
    failed = LLVMParseBitcodeInContext2(*context, buffer, module);
    LLVMDisposeMemoryBuffer(buffer);
    if (failed || !*module)
    {
        LLVMContextDispose(*context);
        *context = NULL;
        *module = NULL;
        return ddi_dxbc_fail(why, why_size, "LLVM cannot read the DXIL bitcode: %s",
                             diagnostic.text[0] ? diagnostic.text : "no reason given");
    }
    if (LLVMVerifyModule(*module, LLVMReturnStatusAction, &message))
    {
        char line[160];

        snprintf(line, sizeof(line), "%s", message ? message : "");
        line[strcspn(line, "\n")] = 0;
        LLVMDisposeMessage(message);
        LLVMDisposeModule(*module);
        LLVMContextDispose(*context);
        *module = NULL;
        *context = NULL;
        return ddi_dxbc_fail(why, why_size, "the DXIL module is not valid LLVM IR: %s", line);
    }
    LLVMDisposeMessage(message);
    return S_OK;
}

/* The child: default signal actions (no sanitizer or host handlers), no output but its
 * verdict: LLVM's sentence on the pipe and the exit status. */
_Noreturn static void preflight_child(const void *bitcode, size_t size, int verdict_fd)
{
    static const int signals[] = {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP};
    LLVMContextRef context;
    LLVMModuleRef module;
    char why[256] = "";
    unsigned int i;
    int null_fd;

    for (i = 0; i < sizeof(signals) / sizeof(signals[0]); ++i)
        signal(signals[i], SIG_DFL);
    if ((null_fd = open("/dev/null", O_WRONLY)) >= 0)
        dup2(null_fd, STDERR_FILENO);
    if (SUCCEEDED(parse_and_verify(bitcode, size, &context, &module, why, sizeof(why))))
        _exit(0);
    if (write(verdict_fd, why, strlen(why)) < 0)
        _exit(2);
    _exit(1);
}

/*
 * Reads the bytes in a child process first. S_OK: the child read and verified them, so
 * reading them here runs none of LLVM's error paths (which can crash, and leak: 40 bytes
 * in BitcodeReaderValueList::getValueFwdRef on one malformed module, measured with
 * valgrind). Otherwise the child's sentence, or how it died.
 */
static HRESULT preflight(const void *bitcode, size_t size, char *why, size_t why_size)
{
    struct pollfd verdict = {-1, POLLIN, 0};
    char text[256];
    size_t length = 0;
    int fds[2], status = 0;
    ssize_t got;
    pid_t pid;

    if (pipe2(fds, O_CLOEXEC))
        return ddi_dxbc_fail(why, why_size, "the DXIL bitcode cannot be checked: no pipe for LLVM's reader");
    if ((pid = fork()) < 0)
    {
        close(fds[0]);
        close(fds[1]);
        return ddi_dxbc_fail(why, why_size, "the DXIL bitcode cannot be checked: no process for LLVM's reader");
    }
    if (!pid)
    {
        close(fds[0]);
        preflight_child(bitcode, size, fds[1]);
    }
    close(fds[1]);
    verdict.fd = fds[0];
    /* The child writes only as it exits: readable or hung up means it is done. */
    if (poll(&verdict, 1, PREFLIGHT_BUDGET_MS) <= 0)
    {
        close(fds[0]);
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        return ddi_dxbc_fail(why, why_size, "LLVM's reader did not finish the DXIL bitcode within %u ms",
                             PREFLIGHT_BUDGET_MS);
    }
    while (length < sizeof(text) - 1 && (got = read(fds[0], text + length, sizeof(text) - 1 - length)) > 0)
        length += (size_t)got;
    text[length] = 0;
    close(fds[0]);
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status))
        return ddi_dxbc_fail(why, why_size, "the DXIL bitcode is malformed: LLVM's reader died on it (signal %d)",
                             WTERMSIG(status));
    if (!WIFEXITED(status) || WEXITSTATUS(status))
        return ddi_dxbc_fail(why, why_size, "%s", length ? text : "LLVM cannot read the DXIL bitcode");
    return S_OK;
}

HRESULT agx_dxil_llvm_parse(const void *bitcode, size_t size, LLVMContextRef *context, LLVMModuleRef *module,
                            char *why, size_t why_size)
{
    HRESULT hr;

    if (FAILED(hr = preflight(bitcode, size, why, why_size)))
        return hr;
    return parse_and_verify(bitcode, size, context, module, why, why_size);
}
