"""Names of standard libraries that imports name without a manifest: C and C++ headers, Node.js built-in
modules, Ruby's standard library, and the platform namespaces of the JVM, .NET and PHP."""

from __future__ import annotations

import logging

logger = logging.getLogger(__name__)

#: C (C17), C++ (C++23), POSIX, common Linux and the Windows SDK's headers as written inside `<...>`
C_HEADERS = frozenset(
    """assert.h complex.h ctype.h errno.h fenv.h float.h inttypes.h iso646.h limits.h locale.h math.h setjmp.h
    signal.h stdalign.h stdarg.h stdatomic.h stdbool.h stddef.h stdint.h stdio.h stdlib.h stdnoreturn.h string.h
    tgmath.h threads.h time.h uchar.h wchar.h wctype.h
    aio.h arpa/inet.h cpio.h dirent.h dlfcn.h fcntl.h fmtmsg.h fnmatch.h ftw.h glob.h grp.h iconv.h langinfo.h
    libgen.h monetary.h mqueue.h ndbm.h net/if.h netdb.h netinet/in.h netinet/tcp.h nl_types.h poll.h pthread.h
    pwd.h regex.h sched.h search.h semaphore.h spawn.h strings.h stropts.h sys/ipc.h sys/mman.h sys/msg.h
    sys/resource.h sys/select.h sys/sem.h sys/shm.h sys/socket.h sys/stat.h sys/statvfs.h sys/time.h sys/times.h
    sys/types.h sys/uio.h sys/un.h sys/utsname.h sys/wait.h sys/ioctl.h sys/file.h sys/param.h sys/syscall.h
    syslog.h tar.h termios.h trace.h ulimit.h unistd.h utime.h utmpx.h wordexp.h malloc.h alloca.h endian.h
    getopt.h execinfo.h err.h features.h byteswap.h sys/epoll.h sys/eventfd.h sys/inotify.h sys/prctl.h sys/sysinfo.h
    sys/sysmacros.h sys/timerfd.h sys/signalfd.h sys/xattr.h sys/vfs.h sys/statfs.h sys/random.h
    windows.h winsock2.h ws2tcpip.h winsock.h windef.h winbase.h winnt.h winerror.h winreg.h wincrypt.h winternl.h
    shlobj.h shellapi.h shlwapi.h objbase.h combaseapi.h ole2.h direct.h io.h process.h conio.h tchar.h crtdbg.h
    intrin.h mmsystem.h psapi.h dbghelp.h share.h sys/locking.h sys/utime.h sys/timeb.h
    algorithm any array atomic barrier bit bitset cassert ccomplex cctype cerrno cfenv cfloat charconv chrono
    cinttypes ciso646 climits clocale cmath codecvt compare complex concepts condition_variable coroutine csetjmp
    csignal cstdarg cstddef cstdint cstdio cstdlib cstring ctime cuchar cwchar cwctype deque exception execution
    expected filesystem flat_map flat_set format forward_list fstream functional future generator initializer_list
    iomanip ios iosfwd iostream istream iterator latch limits list locale map mdspan memory memory_resource mutex
    new numbers numeric optional ostream print queue random ranges ratio regex scoped_allocator semaphore set
    shared_mutex source_location span spanstream sstream stack stacktrace stdexcept stdfloat stop_token streambuf
    string string_view strstream syncstream system_error thread tuple type_traits typeindex typeinfo
    unordered_map unordered_set utility valarray variant vector version""".split())

#: Node.js built-in modules (also valid with the `node:` prefix)
NODE_BUILTINS = frozenset(
    """assert async_hooks buffer child_process cluster console constants crypto dgram diagnostics_channel dns domain
    events fs http http2 https inspector module net os path perf_hooks process punycode querystring readline repl
    stream string_decoder sys timers tls trace_events tty url util v8 vm wasi worker_threads zlib test""".split())

#: Ruby's standard library and default gems, as `require` names their first segment
RUBY_STDLIB = frozenset(
    """English abbrev base64 benchmark bigdecimal cgi coverage csv date debug delegate did_you_mean digest drb erb
    etc expect fcntl fiber fiddle fileutils find forwardable getoptlong io ipaddr irb json logger matrix
    monitor mutex_m net nkf objspace observer open-uri open3 openssl optparse ostruct pathname pp prettyprint prime
    pstore psych pty racc rdoc readline reline resolv rinda ripper rss securerandom set shellwords singleton
    socket stringio strscan syslog tempfile time timeout tmpdir tracer tsort un unicode_normalize uri weakref
    webrick yaml zlib rbconfig continuation thread bundler rubygems""".split())

#: the first segments of JVM platform packages
JVM_PLATFORM = frozenset({"java", "javax", "jdk", "sun", "kotlin", "kotlinx", "scala"})
#: the first segments of .NET platform namespaces
DOTNET_PLATFORM = frozenset({"System", "Microsoft", "Windows"})
