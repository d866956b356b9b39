/*
 * LLVM 15's bitcode reader behind the DXIL module reader (agx_dxil.h, decision
 * D0XX-dxil12-bitcode-reader). LLVM reads DXIL (3.7-era bitcode, from dxc and Mesa) and
 * the LLVM 15 bitcode of the project's own test shaders alike, but some malformed
 * bitcode aborts or crashes it (measured: 29 of 1,500 random bit flips of a 2 KB
 * module). So a child process reads and verifies the bytes first; only bitcode the
 * child read without dying is read again here, where LLVM fails cleanly through the
 * diagnostic handler.
 */
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
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

/* The child: default signal actions (no sanitizer or host handlers), no output. */
_Noreturn static void preflight_child(const void *bitcode, size_t size)
{
    static const int signals[] = {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP};
    LLVMContextRef context;
    LLVMModuleRef module;
    unsigned int i;
    int null_fd;

    for (i = 0; i < sizeof(signals) / sizeof(signals[0]); ++i)
        signal(signals[i], SIG_DFL);
    if ((null_fd = open("/dev/null", O_WRONLY)) >= 0)
        dup2(null_fd, STDERR_FILENO);
    _exit(SUCCEEDED(parse_and_verify(bitcode, size, &context, &module, NULL, 0)) ? 0 : 1);
}

/* Waits for the child up to the budget: on its pidfd where the kernel has them, else by
 * polling with a growing pause. False on timeout. */
static bool wait_child(pid_t pid, int *status)
{
    struct pollfd pfd = {-1, POLLIN, 0};
    struct timespec pause = {0, 20000};
    unsigned long waited_ns = 0;

    if ((pfd.fd = (int)syscall(SYS_pidfd_open, pid, 0)) >= 0)
    {
        int ready = poll(&pfd, 1, PREFLIGHT_BUDGET_MS);

        close(pfd.fd);
        return ready > 0 && waitpid(pid, status, 0) == pid;
    }
    while (waitpid(pid, status, WNOHANG) == 0)
    {
        if (waited_ns >= PREFLIGHT_BUDGET_MS * 1000000ul)
            return false;
        nanosleep(&pause, NULL);
        waited_ns += (unsigned long)pause.tv_nsec;
        if (pause.tv_nsec < 10000000)
            pause.tv_nsec *= 2;
    }
    return true;
}

static HRESULT preflight(const void *bitcode, size_t size, char *why, size_t why_size)
{
    int status = 0;
    pid_t pid;

    if ((pid = fork()) < 0)
        return ddi_dxbc_fail(why, why_size, "the DXIL bitcode cannot be checked: no process for LLVM's reader");
    if (!pid)
        preflight_child(bitcode, size);
    if (!wait_child(pid, &status))
    {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        return ddi_dxbc_fail(why, why_size, "LLVM's reader did not finish the DXIL bitcode within %u ms",
                             PREFLIGHT_BUDGET_MS);
    }
    if (WIFSIGNALED(status))
        return ddi_dxbc_fail(why, why_size, "the DXIL bitcode is malformed: LLVM's reader died on it (signal %d)",
                             WTERMSIG(status));
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
