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
#: functions of the Kotlin standard library (kotlin, kotlin.collections, kotlin.text, kotlin.io): the scope functions,
#: preconditions, builders and the common extension functions on collections, strings and nullable values, and the
#: exception and collection classes every Kotlin file sees (kotlin.*, java.lang.*) — a call
#: of one that nothing in the repository resolves is the library's (expo's `with(definition)`, `apply { .. }`)
KOTLIN_STDLIB = frozenset(
    """let run with apply also takeIf takeUnless repeat require requireNotNull check checkNotNull error TODO assert
    lazy lazyOf println print synchronized maxOf minOf runCatching buildString buildList buildMap buildSet
    listOf listOfNotNull mutableListOf arrayListOf emptyList mapOf mutableMapOf hashMapOf linkedMapOf emptyMap
    setOf mutableSetOf hashSetOf linkedSetOf emptySet sequenceOf emptySequence arrayOf arrayOfNulls emptyArray
    intArrayOf longArrayOf floatArrayOf doubleArrayOf booleanArrayOf byteArrayOf charArrayOf shortArrayOf
    enumValues enumValueOf Pair Triple to use
    forEach forEachIndexed map mapNotNull mapIndexed mapKeys mapValues flatMap flatten filter filterNot filterNotNull
    filterIsInstance filterKeys filterValues first firstOrNull last lastOrNull single singleOrNull find findLast any
    all none count sum sumOf maxOrNull minOrNull maxByOrNull minByOrNull sorted sortedBy sortedWith sortedDescending
    reversed distinct distinctBy associate associateBy associateWith groupBy partition zip unzip fold reduce take
    drop takeWhile dropWhile chunked windowed joinToString toList toMutableList toSet toMutableSet toMap
    toMutableMap toTypedArray toIntArray toLongArray toFloatArray toDoubleArray toBooleanArray toByteArray asList
    asSequence asIterable withIndex indexOf indexOfFirst lastIndexOf contains containsKey containsAll isEmpty
    isNotEmpty isNullOrEmpty isNullOrBlank isBlank isNotBlank orEmpty getOrNull getOrElse getOrPut getOrDefault
    elementAt plus minus ifEmpty trim trimIndent trimMargin split substring substringBefore substringAfter
    startsWith endsWith replace lowercase uppercase capitalize format padStart padEnd removePrefix removeSuffix
    toInt toLong toFloat toDouble toIntOrNull toLongOrNull toDoubleOrNull toBoolean toRegex toByte toShort toChar
    toString toCharArray encodeToByteArray decodeToString iterator hasNext next
    IllegalStateException IllegalArgumentException UnsupportedOperationException NullPointerException
    IndexOutOfBoundsException NoSuchElementException ClassCastException NumberFormatException ArithmeticException
    RuntimeException Exception Error Throwable AssertionError NotImplementedError StringBuilder Thread Runnable
    ArrayList HashMap HashSet LinkedHashMap LinkedHashSet""".split())

#: (not kotlinx: kotlinx.coroutines and kotlinx.serialization are libraries a build file names, not the platform)
JVM_PLATFORM = frozenset({"java", "javax", "jdk", "sun", "kotlin", "scala"})
#: the javax packages the JDK itself ships (`javax.annotation` without `.processing` is JSR-305's or Jakarta's, a
#: library: rnsvg run 586 read `javax.annotation.Nullable` called standard library)
JDK_JAVAX = frozenset({"accessibility", "crypto", "imageio", "lang", "management", "naming", "net", "print", "rmi",
                       "script", "security", "smartcardio", "sound", "sql", "swing", "tools", "transaction", "xml"})
#: the first segments of .NET platform namespaces
DOTNET_PLATFORM = frozenset({"System", "Microsoft", "Windows"})

#: the .NET base class library's most used types (and, for System.Linq, extension methods) per namespace: what a C#
#: `using System.Reflection;` brings, so a file's uses view can say which names it takes from which using (the
#: namespace import names none of them). Attributes are listed by the name code writes (`[Serializable]`).
DOTNET_TYPES: dict[str, frozenset[str]] = {ns: frozenset(names.split()) for ns, names in {
    "System": """Object String Int16 Int32 Int64 UInt16 UInt32 UInt64 Byte SByte Char Boolean Double Single Decimal
        IntPtr UIntPtr Array Enum Exception ArgumentException ArgumentNullException ArgumentOutOfRangeException
        InvalidOperationException NotSupportedException NotImplementedException NullReferenceException
        InvalidCastException IndexOutOfRangeException OverflowException FormatException ObjectDisposedException
        TypeLoadException MissingMethodException MissingMemberException MissingFieldException MemberAccessException
        MethodAccessException FieldAccessException AccessViolationException OutOfMemoryException
        StackOverflowException DivideByZeroException PlatformNotSupportedException TimeoutException SystemException
        ApplicationException AggregateException TypeInitializationException BadImageFormatException
        EntryPointNotFoundException DllNotFoundException ArithmeticException RankException ArrayTypeMismatchException
        OperationCanceledException InsufficientMemoryException AppDomain Attribute AttributeUsage AttributeTargets
        Type Console Math MathF Convert GC Environment DateTime DateTimeOffset TimeSpan Guid Action Func Predicate
        Comparison Converter EventHandler EventArgs Delegate MulticastDelegate IDisposable IAsyncDisposable IComparable
        IEquatable ICloneable IConvertible IFormattable IFormatProvider ICustomFormatter IServiceProvider Nullable
        Lazy Tuple ValueTuple WeakReference Span ReadOnlySpan Memory ReadOnlyMemory StringComparison StringComparer
        StringSplitOptions Serializable NonSerialized Obsolete Flags CLSCompliant ThreadStatic ParamArray Random
        BitConverter Buffer Activator MarshalByRefObject ValueType Void DBNull TypeCode Version Uri UriKind
        OperatingSystem PlatformID RuntimeTypeHandle RuntimeMethodHandle RuntimeFieldHandle ModuleHandle ArgIterator
        TypedReference Index Range HashCode Half UnhandledExceptionEventArgs UnhandledExceptionEventHandler AppContext
        IObserver IObservable IProgress Progress FormattableString ConsoleColor ConsoleKey Environment""",
    "System.Collections": """IEnumerable IEnumerator ICollection IList IDictionary IDictionaryEnumerator ArrayList
        Hashtable Queue Stack BitArray DictionaryEntry IComparer IEqualityComparer IStructuralEquatable
        IStructuralComparable CollectionBase Comparer""",
    "System.Collections.Generic": """List Dictionary HashSet SortedSet SortedDictionary SortedList LinkedList
        LinkedListNode Queue Stack KeyValuePair IEnumerable IEnumerator ICollection IList IDictionary ISet
        IReadOnlyList IReadOnlyCollection IReadOnlyDictionary IReadOnlySet IComparer IEqualityComparer Comparer
        EqualityComparer KeyNotFoundException IAsyncEnumerable IAsyncEnumerator PriorityQueue CollectionExtensions""",
    "System.Collections.Concurrent": "ConcurrentDictionary ConcurrentQueue ConcurrentBag ConcurrentStack BlockingCollection",
    "System.Collections.ObjectModel": "ReadOnlyCollection Collection ObservableCollection ReadOnlyDictionary KeyedCollection",
    "System.Collections.Specialized": "NameValueCollection OrderedDictionary StringCollection StringDictionary HybridDictionary ListDictionary",
    "System.Linq": """Enumerable Queryable IQueryable IGrouping ILookup IOrderedEnumerable Select Where ToArray ToList
        ToDictionary ToHashSet ToLookup First FirstOrDefault Any All OrderBy OrderByDescending ThenBy ThenByDescending
        Concat Cast OfType SelectMany Distinct Skip Take Zip Aggregate Sum Last LastOrDefault Single SingleOrDefault
        GroupBy SequenceEqual DefaultIfEmpty Except Intersect Union ElementAt TakeWhile SkipWhile AsEnumerable""",
    "System.Linq.Expressions": """Expression LambdaExpression ParameterExpression MethodCallExpression MemberExpression
        ConstantExpression BinaryExpression UnaryExpression NewExpression ExpressionType ExpressionVisitor
        BlockExpression ConditionalExpression""",
    "System.Reflection": """Assembly AssemblyName MethodInfo MethodBase FieldInfo PropertyInfo EventInfo ConstructorInfo
        ParameterInfo MemberInfo MemberTypes BindingFlags TypeInfo Module CustomAttributeData
        TargetInvocationException TargetException TargetParameterCountException AmbiguousMatchException
        ParameterAttributes MethodAttributes FieldAttributes TypeAttributes PropertyAttributes CallingConventions Binder
        ParameterModifier DefaultMember IntrospectionExtensions RuntimeReflectionExtensions MethodImplAttributes
        ReflectionTypeLoadException Pointer MethodBody ICustomAttributeProvider GenericParameterAttributes
        CustomAttributeExtensions AssemblyVersion AssemblyTitle AssemblyProduct AssemblyFileVersion""",
    "System.Reflection.Emit": """AssemblyBuilder ModuleBuilder TypeBuilder MethodBuilder ILGenerator OpCodes OpCode
        FieldBuilder ConstructorBuilder PropertyBuilder DynamicMethod LocalBuilder Label AssemblyBuilderAccess
        ParameterBuilder GenericTypeParameterBuilder CustomAttributeBuilder EnumBuilder EventBuilder""",
    "System.Runtime.InteropServices": """Marshal GCHandle GCHandleType StructLayout LayoutKind DllImport CallingConvention
        CharSet MarshalAs UnmanagedType FieldOffset ComVisible In Out SafeHandle HandleRef ExternalException
        COMException SEHException UnmanagedFunctionPointer RuntimeInformation OSPlatform Architecture ICustomMarshaler
        NativeLibrary MemoryMarshal CollectionsMarshal DefaultParameterValue PreserveSig ClassInterface ComImport
        InterfaceType UnmanagedCallersOnly SuppressGCTransition CriticalHandle""",
    "System.Runtime.CompilerServices": """MethodImpl MethodImplOptions CallerMemberName CallerFilePath CallerLineNumber
        CallerArgumentExpression RuntimeHelpers ConditionalWeakTable InternalsVisibleTo IsExternalInit Extension
        CompilerGenerated Unsafe FormattableStringFactory ModuleInitializer SkipLocalsInit TupleElementNames
        StrongBox ITuple SpecialName""",
    "System.Runtime.ExceptionServices": "ExceptionDispatchInfo HandleProcessCorruptedStateExceptions FirstChanceExceptionEventArgs",
    "System.Runtime.Serialization": """ISerializable SerializationInfo StreamingContext SerializationException
        IDeserializationCallback OnDeserialized OnDeserializing OnSerialized OnSerializing DataContract DataMember
        FormatterServices IObjectReference ISerializationSurrogate SurrogateSelector ISurrogateSelector
        StreamingContextStates ObjectIDGenerator IFormatter SerializationBinder IgnoreDataMember KnownType
        SerializationEntry SerializationInfoEnumerator""",
    "System.Runtime.Serialization.Formatters.Binary": "BinaryFormatter",
    "System.Diagnostics": """Debug Debugger Trace Stopwatch Process ProcessStartInfo StackTrace StackFrame Conditional
        DebuggerDisplay DebuggerHidden DebuggerStepThrough DebuggerNonUserCode DebuggerBrowsable
        DebuggerBrowsableState DebuggerTypeProxy TraceSource EventLog FileVersionInfo Activity""",
    "System.Diagnostics.CodeAnalysis": """NotNull NotNullWhen MaybeNull MaybeNullWhen AllowNull DisallowNull DoesNotReturn
        DoesNotReturnIf NotNullIfNotNull MemberNotNull MemberNotNullWhen SuppressMessage ExcludeFromCodeCoverage
        DynamicallyAccessedMembers DynamicallyAccessedMemberTypes RequiresUnreferencedCode
        UnconditionalSuppressMessage StringSyntax SetsRequiredMembers""",
    "System.Diagnostics.Contracts": "Contract Pure ContractInvariantMethod",
    "System.Text": """StringBuilder Encoding UTF8Encoding ASCIIEncoding UnicodeEncoding Decoder Encoder Rune
        NormalizationForm EncoderFallback DecoderFallback""",
    "System.Text.RegularExpressions": "Regex Match MatchCollection Group GroupCollection Capture RegexOptions",
    "System.IO": """File FileInfo Directory DirectoryInfo Path Stream FileStream MemoryStream StreamReader StreamWriter
        TextReader TextWriter StringReader StringWriter BinaryReader BinaryWriter FileMode FileAccess FileShare
        IOException FileNotFoundException DirectoryNotFoundException EndOfStreamException SeekOrigin SearchOption
        FileSystemInfo FileAttributes BufferedStream UnmanagedMemoryStream FileSystemWatcher PathTooLongException""",
    "System.Threading": """Thread ThreadStart ParameterizedThreadStart Monitor Interlocked Mutex Semaphore SemaphoreSlim
        ManualResetEvent AutoResetEvent ManualResetEventSlim CancellationToken CancellationTokenSource Volatile Timer
        Timeout ThreadLocal AsyncLocal ReaderWriterLockSlim SpinLock SpinWait LazyInitializer ThreadPool WaitHandle
        ExecutionContext SynchronizationContext ThreadState ThreadPriority ApartmentState EventWaitHandle
        CountdownEvent Barrier ThreadAbortException ThreadInterruptedException""",
    "System.Threading.Tasks": """Task TaskCompletionSource TaskFactory TaskScheduler Parallel ValueTask TaskStatus
        TaskCreationOptions TaskContinuationOptions""",
    "System.Globalization": """CultureInfo NumberStyles NumberFormatInfo DateTimeFormatInfo CompareInfo CompareOptions
        TextInfo UnicodeCategory DateTimeStyles Calendar RegionInfo""",
    "System.Security": """SecurityCritical SecuritySafeCritical SecurityException SuppressUnmanagedCodeSecurity
        SecureString AllowPartiallyTrustedCallers SecurityRules SecurityTransparent UnverifiableCode PermissionSet""",
    "System.Security.Permissions": """SecurityPermission SecurityAction SecurityPermissionFlag PermissionState
        ReflectionPermission FileIOPermission""",
    "System.Dynamic": """DynamicObject ExpandoObject DynamicMetaObject IDynamicMetaObjectProvider GetMemberBinder
        SetMemberBinder InvokeMemberBinder InvokeBinder BinaryOperationBinder UnaryOperationBinder ConvertBinder
        GetIndexBinder SetIndexBinder DeleteMemberBinder DeleteIndexBinder CreateInstanceBinder BindingRestrictions
        DynamicMetaObjectBinder""",
    "System.ComponentModel": """INotifyPropertyChanged PropertyChangedEventHandler PropertyChangedEventArgs Component
        TypeConverter TypeDescriptor EditorBrowsable EditorBrowsableState Browsable Description DefaultValue Category
        DisplayName Win32Exception CancelEventArgs IComponent ISupportInitialize PropertyDescriptor""",
    "System.Numerics": """BigInteger Complex Vector Vector2 Vector3 Vector4 Matrix3x2 Matrix4x4 Quaternion Plane
        BitOperations""",
    "System.Resources": "ResourceManager ResourceReader ResourceWriter ResourceSet MissingManifestResourceException",
    "System.Net": """WebClient HttpWebRequest WebRequest IPAddress IPEndPoint Dns WebException HttpStatusCode
        ServicePointManager NetworkCredential Cookie CookieContainer WebUtility HttpListener""",
    "System.Net.Http": """HttpClient HttpRequestMessage HttpResponseMessage HttpMethod HttpContent StringContent
        ByteArrayContent HttpClientHandler HttpRequestException StreamContent FormUrlEncodedContent
        MultipartFormDataContent DelegatingHandler HttpMessageHandler""",
    "System.Xml": """XmlDocument XmlNode XmlElement XmlReader XmlWriter XmlAttribute XmlNodeList XmlNodeType XmlException
        XmlReaderSettings XmlWriterSettings XmlTextReader XmlTextWriter XmlNamespaceManager XmlConvert""",
    "System.Xml.Linq": """XDocument XElement XAttribute XName XNamespace XNode XText XContainer XComment XDeclaration
        LoadOptions SaveOptions""",
}.items()}

#: Swift's standard library names a file writes most (types, protocols, global functions): in the uses view they are
#: no name of an imported module nor an unknown one
SWIFT_STDLIB = frozenset(
    "Any AnyObject AnyClass AnyHashable Array ArraySlice Bool Character ClosedRange Codable Collection Comparable "
    "ContiguousArray CustomDebugStringConvertible CustomStringConvertible Decodable Decoder Dictionary Double Encodable "
    "Encoder Equatable Error ExpressibleByArrayLiteral ExpressibleByDictionaryLiteral ExpressibleByStringLiteral Float "
    "Hashable Hasher Identifiable Int Int8 Int16 Int32 Int64 IteratorProtocol KeyPath Mirror Never ObjectIdentifier "
    "Optional OptionSet Range RawRepresentable Result Self Sendable Sequence Set StaticString String Substring Type "
    "UInt UInt8 UInt16 UInt32 UInt64 UnsafeMutablePointer UnsafeMutableRawPointer UnsafePointer UnsafeRawPointer "
    "Void WritableKeyPath AsyncSequence AsyncStream CheckedContinuation MainActor Task TaskGroup Actor Copyable "
    "abs assert assertionFailure debugPrint dump fatalError max min precondition preconditionFailure print repeatElement "
    "stride swap type unsafeBitCast withExtendedLifetime withUnsafePointer withUnsafeMutablePointer zip "
    "withCheckedContinuation withCheckedThrowingContinuation withTaskGroup withThrowingTaskGroup isKnownUniquelyReferenced".split()
)

#: Named types of Go's standard library that code converts values to with a call's syntax (`net.IP(b)`,
#: `time.Duration(n)`, `unsafe.Pointer(p)`): a callees answer lists them apart from the packages' functions
GO_STD_CONVERSIONS = frozenset(
    """net.IP net.IPMask net.HardwareAddr time.Duration time.Month time.Weekday os.FileMode fs.FileMode
    http.Header http.HandlerFunc http.Dir http.ConnState url.Values reflect.Kind reflect.ChanDir sort.StringSlice
    sort.IntSlice sort.Float64Slice json.RawMessage json.Number template.HTML template.JS template.URL template.CSS
    template.HTMLAttr template.Srcset template.JSStr syscall.Signal syscall.Errno big.Word unsafe.Pointer
    slog.Level sql.RawBytes tls.CurveID tls.SignatureScheme x509.KeyUsage x509.ExtKeyUsage token.Token
    elf.Machine elf.Class token.Pos io.Writer io.Reader io.Closer io.ReadCloser io.WriteCloser io.ReadWriter
    io.ReaderFrom io.WriterTo fmt.Stringer http.Handler http.ResponseWriter http.Flusher http.Hijacker sort.Interface
    net.Conn net.Addr net.Listener""".split())  # (and interfaces, `io.Writer(rsp)`: client_golang run 392)
