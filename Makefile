# mod_feedback: build, run, test, bench, install.
#
#   make            build mod_feedback.so with apxs
#   make run        start httpd + a private PostgreSQL with a demo org
#   make stop       stop what `make run` started
#   make test       every test (unit, static, API), installing what they need
#   make unit       the CUnit tests only (needs a database: see t/unit)
#   make bench      the load benchmarks in bench/
#   make install    install the module and its a2enmod files (as root)
#   make asan       every test with AddressSanitizer in httpd and the units
#   make fuzz       each fuzz target of t/fuzz for FUZZ_SECONDS (default 60)
#   make statements every statement, whole, in sql/statements (commit them)

APXS      ?= apxs
CC        ?= gcc
WARN      := -Wall -Wextra -Werror
CSTD      := -std=gnu11
# The layers (docs/architecture.md).  A resource family includes another's
# header by its folder ("posts/posts.h"); t/static/test_layers.py refuses
# includes that go against the arrows.
INCLUDES  := -Imodules -Imodules/core -Imodules/domain -Imodules/http \
             -Imodules/resources -Imodules/resources/common -Imodules/jobs \
             -Itools/import
SANITIZE  ?=

CORE_SRC  := $(sort $(wildcard modules/core/*.c))
DOMAIN_SRC:= $(sort $(wildcard modules/domain/*.c))
HTTP_SRC  := $(sort $(wildcard modules/http/*.c))
RES_SRC   := $(sort $(wildcard modules/resources/*/*.c))
JOBS_SRC  := $(sort $(wildcard modules/jobs/*.c))
# The importer (docs/operator.md, "Moving an organization here"): a
# program of its own over core, as a2md is over mod_md's core.
IMPORT_SRC:= $(sort $(wildcard tools/import/*.c))
# The families' parts of the served OpenAPI description (fb_openapi.h),
# carried into the module as C strings.
OPENAPI_PARTS := $(sort $(wildcard modules/resources/*/openapi.json))
OPENAPI_SRC   := modules/fb_openapi_parts.c
MOD_SRC   := mod_feedback.c modules/fb_registry.c $(CORE_SRC) $(DOMAIN_SRC) \
             $(HTTP_SRC) $(RES_SRC) $(JOBS_SRC) $(OPENAPI_SRC)
HEADERS   := mod_feedback.h \
             $(wildcard modules/*.h modules/*/*.h modules/resources/*/*.h)

PKGS      := apr-1 apr-util-1 json-c openssl gumbo libcmark libcurl libpq \
             libmagic libarchive
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
PKG_LIBS   = $(shell pkg-config --libs $(PKGS))

# A change of SANITIZE rebuilds everything: the stamp holds the last value.
FLAGS_STAMP := .build-flags
$(shell echo '$(SANITIZE)' | cmp -s - $(FLAGS_STAMP) 2>/dev/null \
    || echo '$(SANITIZE)' > $(FLAGS_STAMP))

ifneq ($(SANITIZE),)
SAN_CFLAGS := -fsanitize=$(SANITIZE) -fno-omit-frame-pointer
SAN_LIBS   := -fsanitize=$(SANITIZE)
endif

.PHONY: all run stop test unit bench install asan fuzz fuzz-build clean \
        statements statements-check

all: mod_feedback.so bin/feedback-import

# The module refuses a database whose schema is newer than its own: the
# number of the last migration in sql/ (fb_dbd.c).
MIGRATIONS     := $(sort $(wildcard sql/[0-9]*_*.sql))
SCHEMA_VERSION := $(shell echo $(notdir $(lastword $(MIGRATIONS))) \
                    | sed 's/_.*//; s/^0*//')
SCHEMA_DEF     := -DFB_SCHEMA_VERSION=$(SCHEMA_VERSION)

# One object per source under build/, each with the headers it includes
# as its dependencies (-MMD): touching one file compiles that file and
# links.  The flags are apxs' own, so the objects are what `apxs -c`
# would make; the module is linked as a plain shared object.
BUILD     := build
APXS_CFLAGS := $(foreach v,CFLAGS CPPFLAGS EXTRA_CPPFLAGS,$(shell $(APXS) -q $(v))) \
              -I$(shell $(APXS) -q INCLUDEDIR)
# Only the module record is exported (mod_feedback.c): the rest of the
# module is hidden from httpd and from other modules, which reach it, if
# at all, by optional functions registered by name.
MOD_CFLAGS = $(APXS_CFLAGS) $(INCLUDES) -I. $(WARN) $(CSTD) -O2 -fPIC \
             -fvisibility=hidden $(SAN_CFLAGS) $(SCHEMA_DEF) $(PKG_CFLAGS)
MOD_OBJ   := $(patsubst %.c,$(BUILD)/%.o,$(MOD_SRC))

$(BUILD)/%.o: %.c Makefile $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(MOD_CFLAGS) -MMD -MP -c -o $@ $<

# Every statement, whole, in sql/statements (scripts/statements.py): the
# sources through the preprocessor, each with its headers as its
# dependencies.  `make statements` writes the files, `make
# statements-check` fails when they are not current.
STMT_I    := $(patsubst %.c,$(BUILD)/%.i,$(MOD_SRC) $(IMPORT_SRC))

$(BUILD)/%.i: %.c Makefile $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@$(CC) $(MOD_CFLAGS) -E -P -MMD -MP -MF $(@:.i=.id) -MT $@ -o $@ $<

-include $(STMT_I:.i=.id)

statements: $(STMT_I) scripts/statements.py
	@scripts/statements.py write sql/statements $(STMT_I)

statements-check: $(STMT_I) scripts/statements.py
	@scripts/statements.py check sql/statements $(STMT_I)

# The schema version is compiled into fb_dbd.c only.
$(BUILD)/modules/http/fb_dbd.o: $(MIGRATIONS)

-include $(MOD_OBJ:.o=.d)

mod_feedback.so: $(MOD_OBJ)
	@# A new inode: a running httpd maps the old file.
	$(CC) -shared -o $@.tmp $(MOD_OBJ) $(SAN_LIBS) \
	    $(shell pkg-config --libs json-c openssl gumbo libcmark libcurl \
	        libpq libmagic libarchive) && mv -f $@.tmp $@

comma := ,

# The importer's objects, and core's, which it is linked with, and the
# module's file store (it stores files as the module does).
IMPORT_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(IMPORT_SRC)) \
              $(patsubst %.c,$(BUILD)/%.o,$(CORE_SRC)) \
              $(BUILD)/modules/domain/file_store.o

-include $(patsubst %.c,$(BUILD)/%.d,$(IMPORT_SRC))

bin/feedback-import: $(IMPORT_OBJ)
	$(CC) -o $@.tmp $(IMPORT_OBJ) $(SAN_LIBS) $(PKG_LIBS) && mv -f $@.tmp $@

$(OPENAPI_SRC): $(OPENAPI_PARTS) scripts/openapi-parts.sh
	scripts/openapi-parts.sh $@ $(OPENAPI_PARTS)

# Unit tests link the core and domain objects directly, without httpd.
UNIT_SRC := $(sort $(wildcard t/unit/*.c))
t/unit/run-unit: $(UNIT_SRC) $(CORE_SRC) $(DOMAIN_SRC) $(HEADERS) Makefile \
                 $(FLAGS_STAMP)
	$(CC) $(WARN) $(CSTD) -g -O1 $(SAN_CFLAGS) $(INCLUDES) -It/unit \
	    -DUT_DIR='"$(CURDIR)/t/unit"' $(PKG_CFLAGS) -o $@ $(UNIT_SRC) \
	    $(CORE_SRC) $(DOMAIN_SRC) $(PKG_LIBS) -lcunit $(SAN_LIBS)

# Fuzz targets (t/fuzz/fuzz_<thing>.c): clang's libFuzzer with the address
# and undefined-behaviour sanitizers, any report ending the run.  The core
# is compiled again with coverage for them, under t/fuzz/build.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all \
                -fno-omit-frame-pointer
FUZZ_BUILD   := t/fuzz/build
FUZZ_TARGETS ?= $(patsubst t/fuzz/fuzz_%.c,%,$(sort $(wildcard t/fuzz/fuzz_*.c)))
FUZZ_SUPPORT := $(sort $(wildcard t/fuzz/fz_*.c))
FUZZ_OBJ     := $(patsubst modules/core/%.c,$(FUZZ_BUILD)/core/%.o,$(CORE_SRC)) \
                $(patsubst t/fuzz/%.c,$(FUZZ_BUILD)/%.o,$(FUZZ_SUPPORT))

$(FUZZ_BUILD)/core/%.o: modules/core/%.c $(HEADERS) Makefile
	@mkdir -p $(@D)
	$(FUZZ_CC) $(WARN) $(CSTD) -g -O1 $(FUZZ_SAN) -fsanitize=fuzzer-no-link \
	    $(INCLUDES) $(PKG_CFLAGS) -c -o $@ $<

$(FUZZ_BUILD)/fz_%.o: t/fuzz/fz_%.c t/fuzz/fz.h Makefile
	@mkdir -p $(@D)
	$(FUZZ_CC) $(WARN) $(CSTD) -g -O1 $(FUZZ_SAN) $(PKG_CFLAGS) -c -o $@ $<

$(FUZZ_BUILD)/fuzz_%: t/fuzz/fuzz_%.c t/fuzz/fz.h $(FUZZ_OBJ) $(HEADERS) Makefile
	$(FUZZ_CC) $(WARN) $(CSTD) -g -O1 $(FUZZ_SAN) -fsanitize=fuzzer \
	    $(INCLUDES) -It/fuzz $(PKG_CFLAGS) -o $@ $< $(FUZZ_OBJ) \
	    $(PKG_LIBS) -ldl

# The objects are kept between builds, not removed as intermediates.
.SECONDARY: $(FUZZ_OBJ)

fuzz-build: $(addprefix $(FUZZ_BUILD)/fuzz_,$(FUZZ_TARGETS))

fuzz:
	scripts/deps.sh fuzz
	$(MAKE) fuzz-build
	scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

bench/mod_fbref.so: bench/mod_fbref.c mod_feedback.h Makefile
	$(APXS) -c -o bench/mod_fbref.la -I. -Wc,"$(WARN) $(CSTD) -O2" $<
	cp bench/.libs/mod_fbref.so $@.tmp && mv -f $@.tmp $@

run:
	scripts/run.sh start

stop:
	scripts/run.sh stop

test:
	scripts/test.sh

unit: t/unit/run-unit
	scripts/test.sh --unit-only

bench:
	bench/run.sh

asan:
	scripts/test.sh --asan

# Where `make install` puts things: Debian's apache2 layout by default.
# Each can be set (a private copy of /etc/apache2 for tests: see
# t/api/test_install.py); DESTDIR stages the whole tree for a package.
APACHE_CONFDIR ?= /etc/apache2
APACHE_MODDIR  ?= $(shell $(APXS) -q LIBEXECDIR)
SBINDIR        ?= /usr/sbin
DATADIR        ?= /usr/share/mod_feedback

MODS_AVAIL      = $(DESTDIR)$(APACHE_CONFDIR)/mods-available

install: mod_feedback.so bin/feedback-import
	install -d $(DESTDIR)$(APACHE_MODDIR) $(MODS_AVAIL) \
	    $(DESTDIR)$(APACHE_CONFDIR)/sites-available $(DESTDIR)$(DATADIR)
	install -m 644 mod_feedback.so $(DESTDIR)$(APACHE_MODDIR)/
	sed 's|/usr/lib/apache2/modules/|$(APACHE_MODDIR)/|' \
	    conf/feedback.load >$(MODS_AVAIL)/feedback.load
	install -m 644 conf/feedback.conf $(MODS_AVAIL)/
	install -m 644 conf/site-feedback.conf \
	    $(DESTDIR)$(APACHE_CONFDIR)/sites-available/feedback.conf
	install -d $(DESTDIR)$(DATADIR)/sql
	install -m 644 $(MIGRATIONS) $(DESTDIR)$(DATADIR)/sql/
	install -d $(DESTDIR)$(SBINDIR)
	sed 's|/usr/share/mod_feedback/sql|$(DATADIR)/sql|' bin/feedbackctl \
	    >$(DESTDIR)$(SBINDIR)/feedbackctl
	chmod 755 $(DESTDIR)$(SBINDIR)/feedbackctl
	install -m 755 bin/feedback-import $(DESTDIR)$(SBINDIR)/

clean:
	rm -rf $(BUILD) .libs */.libs */*/.libs mod_feedback.so mod_feedback.la \
	    bin/feedback-import \
	    bench/mod_fbref.so bench/*.la t/unit/run-unit $(FUZZ_BUILD) \
	    $(OPENAPI_SRC)
	find . \( -name '*.lo' -o -name '*.slo' -o -name '*.o' -o -name '*.la' \) \
	    -not -path './.git/*' -delete
