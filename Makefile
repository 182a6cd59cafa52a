# mod_feedback: build, run, test, bench, install.
#
#   make            build mod_feedback.so with apxs
#   make run        start httpd + a private PostgreSQL with a demo org
#   make stop       stop what `make run` started
#   make test       every test (unit and API), installing what they need
#   make unit       the CUnit tests only (needs a database: see t/unit)
#   make bench      the load benchmarks in bench/
#   make install    install the module and its a2enmod files (as root)
#   make asan       every test with AddressSanitizer in httpd and the units

APXS      ?= apxs
CC        ?= gcc
WARN      := -Wall -Wextra -Werror
CSTD      := -std=gnu11
INCLUDES  := -Imodules/core -Imodules/http -Imodules/resources -Imodules/jobs
SANITIZE  ?=

CORE_SRC  := $(sort $(wildcard modules/core/*.c))
HTTP_SRC  := $(sort $(wildcard modules/http/*.c))
RES_SRC   := $(sort $(wildcard modules/resources/*.c))
JOBS_SRC  := $(sort $(wildcard modules/jobs/*.c))
MOD_SRC   := mod_feedback.c $(CORE_SRC) $(HTTP_SRC) $(RES_SRC) $(JOBS_SRC)
HEADERS   := $(wildcard modules/*/*.h)

PKGS      := apr-1 apr-util-1 json-c openssl gumbo libcmark libcurl libpq
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

.PHONY: all run stop test unit bench install asan clean

all: mod_feedback.so

mod_feedback.so: $(MOD_SRC) $(HEADERS) Makefile $(FLAGS_STAMP)
	$(APXS) -c -o mod_feedback.la $(INCLUDES) \
	    -Wc,"$(WARN) $(CSTD) -O2 $(SAN_CFLAGS) $(shell pkg-config --cflags json-c libcurl libpq)" \
	    $(addprefix -Wl$(comma),$(SAN_LIBS)) \
	    $(MOD_SRC) $(shell pkg-config --libs json-c openssl gumbo libcmark libcurl libpq)
	@# A new inode: a running httpd maps the old file.
	cp .libs/mod_feedback.so $@.tmp && mv -f $@.tmp $@

comma := ,

# Unit tests link the core objects directly, without httpd.
UNIT_SRC := $(sort $(wildcard t/unit/*.c))
t/unit/run-unit: $(UNIT_SRC) $(CORE_SRC) $(HEADERS) Makefile $(FLAGS_STAMP)
	$(CC) $(WARN) $(CSTD) -g -O1 $(SAN_CFLAGS) $(INCLUDES) -It/unit \
	    -DUT_DIR='"$(CURDIR)/t/unit"' $(PKG_CFLAGS) -o $@ $(UNIT_SRC) $(CORE_SRC) \
	    $(PKG_LIBS) -lcunit $(SAN_LIBS)

bench/mod_fbref.so: bench/mod_fbref.c Makefile
	$(APXS) -c -o bench/mod_fbref.la -Wc,"$(WARN) $(CSTD) -O2" $<
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

install: mod_feedback.so
	install -d $(DESTDIR)$(shell $(APXS) -q LIBEXECDIR)
	install -m 644 mod_feedback.so $(DESTDIR)$(shell $(APXS) -q LIBEXECDIR)/
	install -d $(DESTDIR)/etc/apache2/mods-available
	install -m 644 conf/feedback.load conf/feedback.conf \
	    $(DESTDIR)/etc/apache2/mods-available/
	install -d $(DESTDIR)/usr/share/mod_feedback
	cp -r sql $(DESTDIR)/usr/share/mod_feedback/
	install -D -m 755 bin/feedbackctl $(DESTDIR)/usr/sbin/feedbackctl

clean:
	rm -rf .libs */.libs */*/.libs mod_feedback.so mod_feedback.la \
	    bench/mod_fbref.so bench/*.la t/unit/run-unit
	find . \( -name '*.lo' -o -name '*.slo' -o -name '*.o' -o -name '*.la' \) \
	    -not -path './.git/*' -delete
