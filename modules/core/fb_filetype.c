/*
 * fb_filetype: file types by content and name (fb_filetype.h).
 */
#include <string.h>
#include <strings.h>

#include "apr_lib.h"
#include "apr_strings.h"

#include "fb_filetype.h"

/* --- names */

/*
 * Extensions refused in any dot-separated part of a name after the
 * first: what Windows, a desktop, a package manager, a mounted image or
 * a web server would run, or what an interpreter takes as its program.
 * A data file whose name happens to hold one ("example.com.png") is
 * refused too: renaming it is the way through.
 */
static const char *const fb_filetype_refused_ext[] = {
    /* Windows programs, libraries, installers, shortcuts. */
    "exe", "com", "scr", "pif", "cpl", "dll", "sys", "drv", "ocx", "msi",
    "msp", "mst", "msix", "msixbundle", "appx", "appxbundle", "appref-ms",
    "application", "gadget", "hta", "chm", "lnk", "url", "scf", "inf",
    "reg", "msc", "xll", "library-ms", "settingcontent-ms", "diagcab",
    /* Windows scripts. */
    "bat", "cmd", "vb", "vbs", "vbe", "js", "jse", "ws", "wsc", "wsf",
    "wsh", "ps1", "ps1xml", "ps2", "ps2xml", "psc1", "psc2", "psd1",
    "psm1", "pssc", "cdxml",
    /* Disk images a desktop mounts (their files lose the download's
     * mark). */
    "iso", "img", "vhd", "vhdx", "dmg",
    /* Unix and macOS programs, libraries, packages, launchers. */
    "sh", "bash", "zsh", "csh", "tcsh", "ksh", "fish", "command", "run",
    "bin", "elf", "so", "ko", "dylib", "app", "pkg", "mpkg", "deb", "rpm",
    "snap", "flatpak", "appimage", "desktop", "scpt", "applescript",
    "workflow", "apk", "xapk", "dex",
    /* Interpreted programs and server pages. */
    "py", "pyc", "pyo", "pyw", "pyz", "pl", "pm", "cgi", "php", "php3",
    "php4", "php5", "php7", "phtml", "phar", "rb", "lua", "tcl", "asp",
    "aspx", "ashx", "asmx", "jsp", "jspx", "mjs", "cjs",
    /* Java. */
    "jar", "class", "war", "ear", "jnlp",
    NULL
};

/* Non-zero when the len bytes at part are a refused extension. */
static int fb_filetype_ext_refused(const char *part, apr_size_t len)
{
    int i;

    for (i = 0; fb_filetype_refused_ext[i] != NULL; i++) {
        if (strlen(fb_filetype_refused_ext[i]) == len
            && strncasecmp(part, fb_filetype_refused_ext[i], len) == 0) {
            return 1;
        }
    }
    return 0;
}

/* The refused extension among the dot-separated parts after the first
 * of the len bytes at name (spaces around a part dropped: "a.exe .png"
 * shows as a.exe), as "a name with .exe", or NULL. */
static const char *fb_filetype_parts_refused(apr_pool_t *p, const char *name,
                                             apr_size_t len)
{
    const char *dot = memchr(name, '.', len), *end = name + len;

    while (dot != NULL) {
        const char *next = memchr(dot + 1, '.', (apr_size_t)(end - dot - 1));
        const char *part = dot + 1, *stop = next != NULL ? next : end;

        while (part < stop && *part == ' ') {
            part++;
        }
        while (stop > part && stop[-1] == ' ') {
            stop--;
        }
        if (fb_filetype_ext_refused(part, (apr_size_t)(stop - part))) {
            return apr_psprintf(p, "a name with .%.*s", (int)(stop - part),
                                part);
        }
        dot = next;
    }
    return NULL;
}

/* The control character or trailing dot or space of the len bytes at
 * name (more than none), as a phrase, or NULL. */
static const char *fb_filetype_chars_refused(const char *name,
                                             apr_size_t len)
{
    apr_size_t i;

    for (i = 0; i < len; i++) {
        if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f) {
            return "a name with a control character";
        }
    }
    if (name[len - 1] == '.' || name[len - 1] == ' ') {
        return "a name ending in a dot or a space";
    }
    return NULL;
}

const char *fb_filetype_name_refused(apr_pool_t *p, const char *name)
{
    apr_size_t len = name != NULL ? strlen(name) : 0;
    const char *why;

    if (len == 0) {
        return NULL;
    }
    if ((why = fb_filetype_chars_refused(name, len)) != NULL) {
        return why;
    }
    if (strpbrk(name, "/\\") != NULL) {
        return "a name with a slash";
    }
    if (strchr(name, ';') != NULL) {
        return "a name with ';'";
    }
    if (strchr(name, ':') != NULL) {
        return "a name with ':', an NTFS alternate stream";
    }
    return fb_filetype_parts_refused(p, name, len);
}

const char *fb_filetype_path_refused(apr_pool_t *p, const char *path)
{
    const char *seg = path, *why;

    while (seg != NULL && *seg != '\0') {
        apr_size_t len = strcspn(seg, "/\\");
        const char *colon = memchr(seg, ':', len);

        if (len == 2 && memcmp(seg, "..", 2) == 0) {
            return "a path out of its folder (..)";
        }
        if (len > 0 && !(len == 1 && *seg == '.')
            && ((why = fb_filetype_chars_refused(seg, len)) != NULL
                || (why = fb_filetype_parts_refused(p, seg, len)) != NULL
                || (colon != NULL
                    && (why = fb_filetype_parts_refused(
                            p, seg, (apr_size_t)(colon - seg))) != NULL))) {
            return why;
        }
        seg = seg[len] != '\0' ? seg + len + 1 : NULL;
    }
    return NULL;
}

/* --- content */

static apr_status_t fb_filetype_magic_close(void *m)
{
    magic_close(m);
    return APR_SUCCESS;
}

magic_t fb_filetype_magic(apr_pool_t *p)
{
    magic_t m = magic_open(MAGIC_MIME_TYPE | MAGIC_ERROR);

    if (m != NULL && magic_load(m, NULL) != 0) {
        magic_close(m);
        m = NULL;
    }
    if (m != NULL) {
        apr_pool_cleanup_register(p, m, fb_filetype_magic_close,
                                  apr_pool_cleanup_null);
    }
    return m;
}

const char *fb_filetype_of(apr_pool_t *p, magic_t m, const unsigned char *b,
                           apr_size_t n)
{
    const char *type = NULL;

    if (m != NULL) {
        type = magic_buffer(m, b, n > FB_FILETYPE_SNIFF ? FB_FILETYPE_SNIFF
                                                        : n);
    }
    return type != NULL ? apr_pstrdup(p, type) : "application/octet-stream";
}

/* The first bytes of programs, whatever libmagic says. */
static const struct {
    const char *bytes;
    apr_size_t len;
    const char *what;
} fb_filetype_program_bytes[] = {
    {"MZ", 2, "a Windows program"},
    {"\x7f" "ELF", 4, "an ELF program"},
    {"#!", 2, "a script with #!"},
    {"\xfe\xed\xfa\xce", 4, "a Mach-O program"},
    {"\xce\xfa\xed\xfe", 4, "a Mach-O program"},
    {"\xfe\xed\xfa\xcf", 4, "a Mach-O program"},
    {"\xcf\xfa\xed\xfe", 4, "a Mach-O program"},
    {"\xca\xfe\xba\xbe", 4, "a Mach-O or Java class program"},
    {"\xbe\xba\xfe\xca", 4, "a Mach-O program"},
    {"dex\n", 4, "an Android (Dalvik) program"},
};

/* Types libmagic gives to programs, scripts and their packages. */
static const char *const fb_filetype_program_types[] = {
    "application/x-dosexec", "application/x-executable",
    "application/x-pie-executable", "application/x-sharedlib",
    "application/x-object", "application/x-mach-binary",
    "application/x-elf", "application/vnd.microsoft.portable-executable",
    "application/x-msi", "application/x-ms-shortcut",
    "application/x-mswinurl", "application/x-c32-comboot-syslinux-exec",
    "application/java-archive", "application/x-java-archive",
    "application/x-java-applet", "application/x-java-jmod",
    "application/x-java-pack200", "application/vnd.android.package-archive",
    "application/vnd.debian.binary-package", "application/x-rpm",
    "application/x-svr4-package", "application/x-xar",
    "application/x-bytecode.python", "text/x-shellscript",
    "text/x-msdos-batch", "text/x-script.python", "text/x-perl",
    "text/x-ruby", "text/x-php", "text/x-lua", "text/x-tcl", "text/x-awk",
    "text/x-gawk", "text/x-nawk", "text/x-execline", "text/x-ms-regedit",
    "application/javascript", "text/javascript", NULL
};

/*
 * The first lines only a script writes, for the languages libmagic does
 * not tell without "#!" (PowerShell, VBScript; Python and Perl where its
 * own rules miss).  A text file is such a script when one of its first
 * three lines of code (blank lines and comments passed over, and an
 * assignment's "$x = " or "Set x = ") begins with one: prose, logs and
 * tracebacks (indented) do not, and a document that shows code further
 * down is not refused for it.  PowerShell and VBScript ignore case.
 * FB_FT_IMPORT: the rest of the line must be a Python import's names,
 * not Java's ("import a.B;"), Go's ("import (") or JavaScript's ("import
 * x from 'y'").
 */
#define FB_FT_PREFIX 0
#define FB_FT_ICASE 1
#define FB_FT_IMPORT 2

static const struct {
    const char *language;
    const char *line;
    int how;
} fb_filetype_script_lines[] = {
    {"PowerShell", "param(", FB_FT_ICASE}, {"PowerShell", "param (", FB_FT_ICASE},
    {"PowerShell", "[cmdletbinding", FB_FT_ICASE}, {"PowerShell", "#requires -", FB_FT_ICASE},
    {"PowerShell", "set-executionpolicy", FB_FT_ICASE},
    {"PowerShell", "invoke-expression", FB_FT_ICASE}, {"PowerShell", "iex ", FB_FT_ICASE},
    {"PowerShell", "iex(", FB_FT_ICASE}, {"PowerShell", "invoke-webrequest", FB_FT_ICASE},
    {"PowerShell", "invoke-restmethod", FB_FT_ICASE},
    {"PowerShell", "invoke-command", FB_FT_ICASE}, {"PowerShell", "start-process", FB_FT_ICASE},
    {"PowerShell", "new-object ", FB_FT_ICASE}, {"PowerShell", "(new-object ", FB_FT_ICASE},
    {"PowerShell", "add-type ", FB_FT_ICASE}, {"PowerShell", "import-module ", FB_FT_ICASE},
    {"PowerShell", "write-host ", FB_FT_ICASE}, {"PowerShell", "get-childitem", FB_FT_ICASE},
    {"PowerShell", "get-wmiobject", FB_FT_ICASE}, {"PowerShell", "get-ciminstance", FB_FT_ICASE},
    {"PowerShell", "remove-item ", FB_FT_ICASE}, {"PowerShell", "set-itemproperty", FB_FT_ICASE},
    {"PowerShell", "new-itemproperty", FB_FT_ICASE}, {"PowerShell", "$env:", FB_FT_ICASE},
    {"PowerShell", "[system.", FB_FT_ICASE}, {"PowerShell", "[convert]::", FB_FT_ICASE},
    {"VBScript", "option explicit", FB_FT_ICASE},
    {"VBScript", "on error resume next", FB_FT_ICASE},
    {"VBScript", "createobject(", FB_FT_ICASE}, {"VBScript", "getobject(", FB_FT_ICASE},
    {"VBScript", "wscript.", FB_FT_ICASE}, {"VBScript", "executeglobal ", FB_FT_ICASE},
    {"VBScript", "end sub", FB_FT_ICASE}, {"VBScript", "end function", FB_FT_ICASE},
    {"Python", "import ", FB_FT_IMPORT}, {"Python", "from ", FB_FT_IMPORT},
    {"Python", "os.system(", 0},
    {"Python", "subprocess.", 0}, {"Python", "exec(", 0},
    {"Python", "__import__(", 0}, {"Python", "if __name__ ==", 0},
    {"Python", "if __name__==", 0},
    {"Perl", "use strict", 0}, {"Perl", "use warnings", 0},
};

#define FB_FILETYPE_SCRIPT_CODE_LINES 3

/* Non-zero when the len bytes at s, after "import " (from: "from "),
 * are a Python import: a module's dotted name first ("from" then has
 * " import " after it), and no ';', quote or brace, nor a parenthesis
 * after "import". */
static int fb_filetype_python_import(const char *s, apr_size_t len,
                                     int from)
{
    apr_size_t i, name;

    if (len == 0 || !(apr_isalpha(*s) || *s == '_')) {
        return 0;
    }
    for (i = 0; i < len; i++) {
        if (s[i] == ';' || s[i] == '"' || s[i] == '\'' || s[i] == '{'
            || (!from && s[i] == '(')) {
            return 0;
        }
    }
    for (name = 0; name < len && (apr_isalnum(s[name]) || s[name] == '_'
                                  || s[name] == '.'); name++) {
    }
    return !from || (len - name > 8 && memcmp(s + name, " import ", 8) == 0);
}

/* The language whose script line starts the len bytes at s, or NULL. */
static const char *fb_filetype_script_line(const char *s, apr_size_t len)
{
    apr_size_t i;

    for (i = 0; i < sizeof(fb_filetype_script_lines)
                    / sizeof(fb_filetype_script_lines[0]); i++) {
        const char *m = fb_filetype_script_lines[i].line;
        int how = fb_filetype_script_lines[i].how;
        apr_size_t n = strlen(m);

        if (n <= len && (how == FB_FT_ICASE ? strncasecmp(s, m, n)
                                            : strncmp(s, m, n)) == 0
            && (how != FB_FT_IMPORT
                || fb_filetype_python_import(s + n, len - n, *m == 'f'))) {
            return fb_filetype_script_lines[i].language;
        }
    }
    return NULL;
}

/* The len bytes at s past an assignment's target ("$x = ", "Set x = ",
 * "x = "): what is assigned, which may be the script's telling call. */
static apr_size_t fb_filetype_past_assignment(const char *s, apr_size_t len)
{
    apr_size_t i = 0;

    if (len > 4 && strncasecmp(s, "set ", 4) == 0) {
        i = 4;
    }
    if (i < len && s[i] == '$') {
        i++;
    }
    if (i == len || !(apr_isalnum(s[i]) || s[i] == '_')) {
        return 0;
    }
    while (i < len && (apr_isalnum(s[i]) || s[i] == '_' || s[i] == ':'
                       || s[i] == '.')) {
        i++;
    }
    while (i < len && s[i] == ' ') {
        i++;
    }
    if (i + 1 >= len || s[i] != '=' || s[i + 1] == '=') {
        return 0;
    }
    for (i++; i < len && s[i] == ' '; i++) {
    }
    return i;
}

/* Non-zero when the line s (len bytes, more than none) is a comment of
 * one of these languages, indented or not. */
static int fb_filetype_comment(const char *s, apr_size_t len)
{
    while (len > 0 && (*s == ' ' || *s == '\t')) {
        s++;
        len--;
    }
    return len == 0 || *s == '#' || *s == '\''
           || (len >= 4 && strncasecmp(s, "rem ", 4) == 0);
}

/* The language of a script that the text b (n bytes) starts, or NULL. */
static const char *fb_filetype_script(const char *b, apr_size_t n)
{
    const char *end = b + n, *line, *language;
    int code = 0, block = 0;

    if (n >= 3 && memcmp(b, "\xef\xbb\xbf", 3) == 0) {
        b += 3;     /* Windows editors start UTF-8 with a BOM */
    }
    for (line = b; line < end && code < FB_FILETYPE_SCRIPT_CODE_LINES;) {
        const char *nl = memchr(line, '\n', (apr_size_t)(end - line));
        const char *s = line, *e = nl != NULL ? nl : end;
        apr_size_t len, skip;

        line = nl != NULL ? nl + 1 : end;
        while (e > s && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t')) {
            e--;
        }
        len = (apr_size_t)(e - s);
        if (block) {
            /* A PowerShell <# ... #> comment. */
            block = !(len >= 2 && memcmp(e - 2, "#>", 2) == 0);
            continue;
        }
        if (len == 0 || (*s == ' ' || *s == '\t')) {
            /* Blank, or indented: a script's telling lines are its
             * first, unindented ones (a traceback indents its code). */
            code += len > 0 && !fb_filetype_comment(s, len);
            continue;
        }
        if ((language = fb_filetype_script_line(s, len)) != NULL) {
            return language;
        }
        if (len >= 2 && memcmp(s, "<#", 2) == 0) {
            block = !(len >= 4 && memcmp(e - 2, "#>", 2) == 0);
            continue;
        }
        if (fb_filetype_comment(s, len)) {
            continue;
        }
        if ((skip = fb_filetype_past_assignment(s, len)) > 0
            && (language = fb_filetype_script_line(s + skip, len - skip))
               != NULL) {
            return language;
        }
        code++;
    }
    return NULL;
}

const char *fb_filetype_content_refused(apr_pool_t *p,
                                        const unsigned char *b,
                                        apr_size_t n, const char *type)
{
    const char *language;
    apr_size_t i;

    for (i = 0; i < sizeof(fb_filetype_program_bytes)
                    / sizeof(fb_filetype_program_bytes[0]); i++) {
        if (n >= fb_filetype_program_bytes[i].len
            && memcmp(b, fb_filetype_program_bytes[i].bytes,
                      fb_filetype_program_bytes[i].len) == 0) {
            return fb_filetype_program_bytes[i].what;
        }
    }
    for (i = 0; type != NULL && fb_filetype_program_types[i] != NULL; i++) {
        if (strcmp(type, fb_filetype_program_types[i]) == 0) {
            return apr_pstrcat(p, "a program or script, ", type, NULL);
        }
    }
    if (type != NULL && strncmp(type, "text/", 5) == 0
        && (language = fb_filetype_script(
                (const char *)b, n > FB_FILETYPE_SNIFF ? FB_FILETYPE_SNIFF
                                                       : n)) != NULL) {
        return apr_pstrcat(p, "a ", language, " script", NULL);
    }
    return NULL;
}

int fb_filetype_inline(const char *type)
{
    static const char *const raster[] = {
        "image/png", "image/jpeg", "image/gif", "image/webp", NULL
    };
    int i;

    for (i = 0; type != NULL && raster[i] != NULL; i++) {
        if (strcmp(type, raster[i]) == 0) {
            return 1;
        }
    }
    return 0;
}
