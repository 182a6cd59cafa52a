/*
 * fb_filetype: file types by content and name (fb_filetype.h).
 */
#include <string.h>

#include <magic.h>

#include "apr_strings.h"

#include "fb_filetype.h"

const char *fb_filetype_of(apr_pool_t *p, const unsigned char *b,
                           apr_size_t n)
{
    /* A cookie of its own per call: libmagic's are not for sharing
     * between threads, and a file is sniffed once. */
    magic_t m = magic_open(MAGIC_MIME_TYPE | MAGIC_ERROR);
    const char *type = NULL;

    if (m != NULL && magic_load(m, NULL) == 0) {
        type = magic_buffer(m, b, n > FB_FILETYPE_SNIFF ? FB_FILETYPE_SNIFF
                                                        : n);
        type = type != NULL ? apr_pstrdup(p, type) : NULL;
    }
    if (m != NULL) {
        magic_close(m);
    }
    return type != NULL ? type : "application/octet-stream";
}

/* Types libmagic gives to programs and scripts. */
static const char *const fb_filetype_programs[] = {
    "application/x-dosexec", "application/x-executable",
    "application/x-pie-executable", "application/x-sharedlib",
    "application/x-mach-binary", "application/x-elf",
    "application/vnd.microsoft.portable-executable",
    "application/x-msi", "application/x-ms-shortcut",
    "application/x-java-applet", "text/x-shellscript",
    "text/x-msdos-batch", "text/x-script.python", "text/x-perl",
    "text/x-ruby", "text/x-php", "application/javascript",
    "text/javascript", NULL
};

int fb_filetype_executable(const unsigned char *b, apr_size_t n,
                           const char *type)
{
    static const unsigned char macho[][4] = {
        {0xFE, 0xED, 0xFA, 0xCE}, {0xCE, 0xFA, 0xED, 0xFE},
        {0xFE, 0xED, 0xFA, 0xCF}, {0xCF, 0xFA, 0xED, 0xFE},
        {0xCA, 0xFE, 0xBA, 0xBE}, {0xBE, 0xBA, 0xFE, 0xCA},
    };
    apr_size_t i;

    if ((n >= 2 && (memcmp(b, "MZ", 2) == 0 || memcmp(b, "#!", 2) == 0))
        || (n >= 4 && memcmp(b, "\x7f" "ELF", 4) == 0)) {
        return 1;
    }
    for (i = 0; n >= 4 && i < sizeof(macho) / sizeof(macho[0]); i++) {
        if (memcmp(b, macho[i], 4) == 0) {
            return 1;
        }
    }
    for (i = 0; type != NULL && fb_filetype_programs[i] != NULL; i++) {
        if (strcmp(type, fb_filetype_programs[i]) == 0) {
            return 1;
        }
    }
    return 0;
}

int fb_filetype_blocked_name(const char *name)
{
    static const char *const blocked[] = {
        "exe", "bat", "cmd", "com", "js", "jse", "mjs", "cjs", "sh",
        "bash", "zsh", "csh", "ksh", "ps1", "psm1", "vbs", "vbe", "wsf",
        "wsh", "msi", "msp", "scr", "pif", "cpl", "dll", "so", "dylib",
        "jar", "app", "apk", "run", "elf", "hta", "reg", "lnk", "inf",
        "scf", "gadget", "command", NULL
    };
    apr_size_t end = name != NULL ? strlen(name) : 0, dot;
    int i;

    /* Trailing dots and spaces are dropped by Windows: "a.exe. " runs
     * as a.exe. */
    while (end > 0 && (name[end - 1] == '.' || name[end - 1] == ' ')) {
        end--;
    }
    for (dot = end; dot > 0 && name[dot - 1] != '.'; dot--) {
    }
    if (dot == 0) {
        return 0;
    }
    for (i = 0; blocked[i] != NULL; i++) {
        if (strlen(blocked[i]) == end - dot
            && strncasecmp(name + dot, blocked[i], end - dot) == 0) {
            return 1;
        }
    }
    return 0;
}
