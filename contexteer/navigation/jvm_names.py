"""Names the JVM's standard libraries (and the test libraries nearly every project imports with a wildcard) give a
wildcard import, so a uses view can say which names an `import java.util.*;` or `import static
java.util.Collections.*;` brings to a file: the repository cannot tell, as their sources are not in it (jopt-simple run
487 read three used static imports as "no name of it used"; gesture-handler run 485 the same of Kotlin's
`import java.util.*`). Only the commonly used names are listed: a name missing here is left unattributed, never
given to the wrong import."""

from __future__ import annotations

_UTIL = ("AbstractCollection AbstractList AbstractMap AbstractQueue AbstractSequentialList AbstractSet ArrayDeque "
         "ArrayList Arrays Base64 BitSet Calendar Collection Collections Comparator ConcurrentModificationException "
         "Currency Date Deque Dictionary EmptyStackException EnumMap EnumSet Enumeration EventListener EventObject "
         "Formatter GregorianCalendar HashMap HashSet Hashtable IdentityHashMap Iterator LinkedHashMap LinkedHashSet "
         "LinkedList List ListIterator Locale Map MissingResourceException NavigableMap NavigableSet "
         "NoSuchElementException Objects Observable Observer Optional OptionalDouble OptionalInt OptionalLong "
         "PriorityQueue Properties Queue Random RandomAccess ResourceBundle Scanner Set SortedMap SortedSet "
         "Spliterator Spliterators Stack StringJoiner StringTokenizer Timer TimerTask TimeZone TreeMap TreeSet UUID "
         "Vector WeakHashMap")
_FUNCTION = ("BiConsumer BiFunction BiPredicate BinaryOperator BooleanSupplier Consumer DoubleFunction Function "
             "IntFunction IntPredicate IntSupplier IntUnaryOperator LongFunction Predicate Supplier ToIntFunction "
             "ToLongFunction ToDoubleFunction UnaryOperator")
_STREAM = "Collector Collectors DoubleStream IntStream LongStream Stream StreamSupport"
_IO = ("BufferedInputStream BufferedOutputStream BufferedReader BufferedWriter ByteArrayInputStream "
       "ByteArrayOutputStream Closeable DataInputStream DataOutputStream EOFException File FileInputStream "
       "FileNotFoundException FileOutputStream FileReader FileWriter Flushable IOException InputStream "
       "InputStreamReader ObjectInputStream ObjectOutputStream OutputStream OutputStreamWriter PrintStream "
       "PrintWriter Reader Serializable StringReader StringWriter UncheckedIOException "
       "UnsupportedEncodingException Writer")
_REGEX = "Matcher MatchResult Pattern PatternSyntaxException"
_CONCURRENT = ("Callable ConcurrentHashMap ConcurrentLinkedQueue ConcurrentMap CopyOnWriteArrayList CountDownLatch "
               "ExecutionException Executor ExecutorService Executors Future LinkedBlockingQueue "
               "ScheduledExecutorService ThreadLocalRandom TimeUnit TimeoutException")

#: type names of a package, for `import java.util.*;` (Java) or `import java.util.*` (Kotlin)
PACKAGE_TYPES: dict[str, frozenset[str]] = {
    "java.util": frozenset(_UTIL.split()), "java.util.function": frozenset(_FUNCTION.split()),
    "java.util.stream": frozenset(_STREAM.split()), "java.io": frozenset(_IO.split()),
    "java.util.regex": frozenset(_REGEX.split()), "java.util.concurrent": frozenset(_CONCURRENT.split()),
}

_ASSERT = ("assertArrayEquals assertEquals assertFalse assertNotEquals assertNotNull assertNotSame assertNull "
           "assertSame assertThat assertTrue fail")
_MATCHERS = ("allOf any anyOf anything containsString contains empty endsWith equalTo everyItem hasItem hasItems "
             "hasSize instanceOf is isA not notNullValue nullValue sameInstance startsWith theInstance")

#: static members of a class, for `import static java.util.Collections.*;` (Java) or `import java.util.Collections.*`
STATIC_MEMBERS: dict[str, frozenset[str]] = {
    "java.util.Collections": frozenset(
        "addAll binarySearch copy disjoint emptyEnumeration emptyIterator emptyList emptyListIterator emptyMap "
        "emptySet emptySortedMap emptySortedSet enumeration fill frequency indexOfSubList list max min nCopies "
        "reverse reverseOrder rotate shuffle singleton singletonList singletonMap sort swap synchronizedCollection "
        "synchronizedList synchronizedMap synchronizedSet unmodifiableCollection unmodifiableList unmodifiableMap "
        "unmodifiableSet unmodifiableSortedMap unmodifiableSortedSet".split()),
    "java.util.Objects": frozenset(
        "checkIndex compare deepEquals equals hash hashCode isNull nonNull requireNonNull requireNonNullElse "
        "requireNonNullElseGet toString".split()),
    "java.util.Arrays": frozenset(
        "asList binarySearch copyOf copyOfRange deepEquals deepHashCode deepToString equals fill hashCode "
        "parallelSort setAll sort spliterator stream toString".split()),
    "java.lang.Math": frozenset(
        "E PI abs ceil cos exp floor floorDiv floorMod hypot log log10 max min pow random round signum sin sqrt "
        "tan toIntExact".split()),
    "java.util.stream.Collectors": frozenset(
        "counting groupingBy joining mapping partitioningBy reducing toCollection toList toMap toSet".split()),
    "java.util.concurrent.TimeUnit": frozenset(
        "DAYS HOURS MICROSECONDS MILLISECONDS MINUTES NANOSECONDS SECONDS".split()),
    "org.junit.Assert": frozenset(_ASSERT.split()),
    "junit.framework.Assert": frozenset(_ASSERT.split()),
    "org.junit.jupiter.api.Assertions": frozenset(
        (_ASSERT + " assertAll assertDoesNotThrow assertIterableEquals assertLinesMatch assertThrows "
         "assertTimeout").split()),
    "org.junit.Assume": frozenset("assumeFalse assumeNoException assumeNotNull assumeThat assumeTrue".split()),
    "org.hamcrest.Matchers": frozenset(_MATCHERS.split()),
    "org.hamcrest.CoreMatchers": frozenset(_MATCHERS.split()),
    "org.hamcrest.MatcherAssert": frozenset({"assertThat"}),
    "org.mockito.Mockito": frozenset(
        "any anyInt anyString atLeast atLeastOnce atMost doNothing doReturn doThrow eq inOrder mock never "
        "reset spy times verify verifyNoInteractions verifyNoMoreInteractions when".split()),
    "org.mockito.ArgumentMatchers": frozenset("any anyInt anyList anyLong anyMap anyString argThat eq isA isNull".split()),
}
