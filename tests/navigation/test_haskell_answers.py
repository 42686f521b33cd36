"""Haskell answers, from the Pandoc A/B run (run 34): type class instances are implementations, `where` clauses
are definitions inside their equation, a function passed or sequenced is used, a multi-line type signature reads
whole, and an escaped character literal does not swallow the definitions after it."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import hit_at
from tests.navigation.conftest import Served, flat, served_tree

FILES = {
    "Text/Pandoc/Class.hs": (
        "module Text.Pandoc.Class (PandocMonad(..), PandocIO) where\n"              # 1
        "\n"                                                                         # 2
        "class Monad m => PandocMonad m where\n"                                     # 3
        "  lookupEnv :: Text -> m (Maybe Text)\n"                                    # 4
        "  report :: LogMessage -> m ()\n"                                           # 5
        "  report _ = return ()\n"                                                   # 6
        "\n"                                                                         # 7
        "newtype PandocIO a = PandocIO { unPandocIO :: IO a }\n"                     # 8
        "\n"                                                                         # 9
        "instance PandocMonad PandocIO where\n"                                      # 10
        "  lookupEnv = liftIO . getEnv\n"                                            # 11
        "  report msg = liftIO (print msg)\n"                                        # 12
        "\n"                                                                         # 13
        "instance {-# OVERLAPS #-} PandocMonad m => PandocMonad (ParsecT s st m) where\n"  # 14
        "  lookupEnv = lift . lookupEnv\n"),                                         # 15
    "Text/Pandoc/Pure.hs": (
        "module Text.Pandoc.Pure where\n"                                            # 1
        "\n"                                                                         # 2
        "import Text.Pandoc.Class (PandocMonad(..))\n"                               # 3
        "\n"                                                                         # 4
        "instance (Monad m, Show (t m))\n"                                           # 5
        "         => PandocMonad (PureT t m) where\n"                                # 6
        "  lookupEnv _ = return Nothing\n"),                                         # 7
    "Text/Pandoc/Readers/Markdown.hs": (
        "module Text.Pandoc.Readers.Markdown (readMarkdown) where\n"                 # 1
        "\n"                                                                         # 2
        "-- | Read markdown.\n"                                                      # 3
        "readMarkdown :: (PandocMonad m, ToSources a)\n"                             # 4
        "             => ReaderOptions -- ^ Reader options\n"                        # 5
        "             -> a             -- ^ Input\n"                                 # 6
        "             -> m Pandoc\n"                                                 # 7
        "readMarkdown opts s = readWithM parseBlocks opts s\n"                       # 8
        "\n"                                                                         # 9
        "spnl :: PandocMonad m => ParserT Sources st m ()\n"                         # 10
        "spnl = try $ do\n"                                                          # 11
        "  skipSpaces\n"                                                             # 12
        "  notFollowedBy (char '\\n')\n"                                             # 13
        "\n"                                                                         # 14
        "spnl' :: PandocMonad m => ParserT Sources st m Text\n"                      # 15
        "spnl' = try $ many spaceChar\n"                                             # 16
        "\n"                                                                         # 17
        "attributes :: PandocMonad m => MarkdownParser m Attr\n"                     # 18
        "attributes = do\n"                                                          # 19
        "  char '{'\n"                                                               # 20
        "  spnl\n"                                                                   # 21
        "  attrs <- many (attribute <* spnl)\n"                                      # 22
        "  return $ foldl' (\\x mk -> mk x) nullAttr attrs\n"                        # 23
        "\n"                                                                         # 24
        "parseBlocks :: PandocMonad m => MarkdownParser m Blocks\n"                  # 25
        "parseBlocks = mconcat <$> manyTill block eof\n"                             # 26
        "  where block = choice [header, para]\n"                                    # 27
        "        header = try (spnl >> char '#') >> go 1\n"                          # 28
        "        go :: Int -> MarkdownParser m Blocks\n"                             # 29
        "        go 0 = return mempty\n"                                             # 30
        "        go n = go (n - 1)\n"),                                              # 31
    "Text/Pandoc/Readers/TWiki.hs": (
        "module Text.Pandoc.Readers.TWiki where\n"                                   # 1
        "\n"                                                                         # 2
        "attributes :: PandocMonad m => TWParser m (Text, [(Text, Text)])\n"         # 3
        "attributes = foldr mk (\"\", [])\n"                                         # 4
        "  <$> (char '{' *> spnl *> many attribute <* char '}')\n"                   # 5
        "  where\n"                                                                  # 6
        "    spnl = skipMany (spaceChar <|> newline)\n"                              # 7
        "    mk c (r, kvs) = (c <> r, kvs)\n"),                                      # 8
}


def _served(tmp_path: Path) -> Served:
    return served_tree(tmp_path, FILES)


def test_the_instances_of_a_type_class_are_its_implementations_with_the_type_each_is_for(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="PandocMonad", relation="implementations").text)
    assert "Text/Pandoc/Class.hs:10-12 instance PandocMonad PandocIO" in text, text
    assert "Text/Pandoc/Class.hs:14-15 instance {-# OVERLAPS #-} PandocMonad m => PandocMonad (ParsecT s st m)" in text, text
    # a head over two lines reads whole
    assert "Text/Pandoc/Pure.hs:5-7 instance (Monad m, Show (t m)) => PandocMonad (PureT t m)" in text, text
    assert "also named" not in text and "names 3 definitions" not in text, text  # the instances are not rivals
    rows = s.call("search_symbol", query="lookupEnv").text
    assert "Text/Pandoc/Class.hs:4-4 method PandocMonad.lookupEnv — lookupEnv :: Text -> m (Maybe Text)" in rows, rows
    assert "Text/Pandoc/Class.hs:11-11 method" in rows and "overload" not in rows, rows  # an instance's, not an overload
    over = flat(s.call("find_related", symbol="PandocMonad.lookupEnv", relation="implementations").text)
    assert "Text/Pandoc/Class.hs:11-11" in over and "Text/Pandoc/Pure.hs:7-7" in over, over


def test_a_multi_line_type_signature_reads_whole_without_its_argument_docs(tmp_path: Path):
    s = _served(tmp_path)
    text = s.call("search_symbol", query="readMarkdown").text
    assert "readMarkdown :: (PandocMonad m, ToSources a) => ReaderOptions -> a -> m Pandoc" in text, text


def test_an_escaped_character_literal_keeps_the_definitions_after_it(tmp_path: Path):
    s = _served(tmp_path)
    outline = s.call("get_structured_index", path="Text/Pandoc/Readers/Markdown.hs").text
    assert "syntax error" not in outline, outline
    assert "10-13 function spnl ::" in outline and "15-16 function spnl' ::" in outline, outline
    assert "18-23 function attributes" in outline, outline


def test_a_function_sequenced_or_passed_is_called_and_a_where_local_of_the_name_is_not_it(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="Text.Pandoc.Readers.Markdown.spnl", relation="callers").text)
    assert "Text/Pandoc/Readers/Markdown.hs:21 in attributes (18-23)" in text, text  # a do line of its own
    assert "22: attrs <- many (attribute <* spnl)" in text, text  # an operand
    assert "in parseBlocks.header" in text, text  # inside a where clause
    assert "TWiki" not in text, text  # `attributes` there has its own `where spnl`


def test_where_clause_functions_are_definitions_inside_their_equation(tmp_path: Path):
    s = _served(tmp_path)
    read = s.call("read_code_range", path="Text/Pandoc/Readers/Markdown.hs", start_line=30, end_line=31).text
    assert "function parseBlocks.go 29-31" in read and "function parseBlocks 25-31" in read, read
    callees = flat(s.call("find_related", symbol="parseBlocks.header", relation="callees").text)
    assert "spnl Text/Pandoc/Readers/Markdown.hs:10-13" in callees, callees
    assert "parseBlocks.go Text/Pandoc/Readers/Markdown.hs:29-31" in callees, callees


def test_a_modules_imports_name_other_packages_modules_whole_and_base_as_the_standard_library(tmp_path: Path):
    s = served_tree(tmp_path, {**FILES, "Text/Pandoc/Writers/OPML.hs": (
        "module Text.Pandoc.Writers.OPML where\n"
        "import Data.Char (isSpace)\n"
        "import qualified Data.Text as T\n"
        "import Text.HTML.TagSoup\n"
        "import Text.Pandoc.Class (PandocMonad)\n"
        "import Data.Text (Text)\n")})
    text = s.call("list_dependencies", path="Text/Pandoc/Writers/OPML.hs").text
    assert "Text.Pandoc.Class  Text/Pandoc/Class.hs  (line 5)" in text, text
    # not `Data, Text` of the standard library; both lines importing Data.Text
    assert "external: Data.Text (lines 3, 6), Text.HTML.TagSoup (line 4)" in text, text
    assert "standard library: Data.Char (line 2)" in text, text
    assert "undeclared" not in text, text  # no manifest was read (a .cabal file is not): nothing to hold it against


def test_type_variables_are_no_calls_and_another_functions_where_local_is_not_reached(tmp_path: Path):
    s = _served(tmp_path)
    text = s.call("find_related", symbol="Text.Pandoc.Readers.Markdown.attributes", relation="callees").text
    assert "spnl" in text and "TWiki" not in text, text  # `mk` is a lambda's parameter, not TWiki's where-local
    unresolved = text.partition("unresolved")[2].partition(": ")[2].split(", ")
    assert "m" not in unresolved and "a" not in unresolved, text  # type variables
    assert "calls its own locals or parameters: attrs, mk, x" in text, text


def test_an_imported_modules_where_local_is_not_what_a_lambda_parameter_calls(tmp_path: Path):
    s = served_tree(tmp_path, {
        "Shared.hs": "module Shared where\n\nhelper :: Int -> Int\nhelper n = f n\n  where f = (+ 1)\n",
        "Main.hs": "module Main where\n\nimport Shared\n\nrun :: Int -> Int\nrun n = foldr (\\x f -> f x) n [helper]\n"})
    text = s.call("find_related", symbol="run", relation="callees").text
    assert "helper Shared.hs:3-5" in text and "helper.f" not in text, text


def test_callees_skip_pattern_bound_names_and_instance_methods_and_resolve_record_fields(tmp_path: Path):
    s = served_tree(tmp_path, {
        "Options.hs": ("module Options where\n\n"
                       "data WriterOptions = WriterOptions\n"
                       "  { writerColumns :: Int\n"
                       "  , writerWrap :: Bool\n"
                       "  }\n\n"
                       "instance Semigroup WriterOptions where\n"
                       "  a <> _ = a\n"
                       "instance Monoid WriterOptions where\n"
                       "  mempty = WriterOptions 72 True\n"),
        "Org.hs": "module Org where\n\nmeta :: Int\nmeta = 1\n",
        "Writer.hs": ("module Writer where\n\n"
                      "import Options\n\n"
                      "write :: WriterOptions -> Doc -> Int\n"
                      "write opts (Doc meta blocks) = do\n"
                      "  let cols = writerColumns opts\n"
                      "  xs <- mapM (\\b -> render b) blocks\n"
                      "  return (cols + meta + length xs) <> mempty\n")})
    text = s.call("find_related", symbol="write", relation="callees").text
    assert "WriterOptions.writerColumns Options.hs:4-4 called at 7" in text, text  # a field is its accessor
    assert "Org.hs" not in text, text  # `meta` is bound by the equation's pattern
    unresolved = text.partition("unresolved")[2].partition(": ")[2].split(", ")
    assert "mempty at 9" in unresolved and "Options.hs:11" not in text, text  # the class's method, not one instance's
    assert "calls its own locals or parameters: b, blocks, cols, meta, opts, xs" in text, text


def test_a_qualified_call_resolves_through_the_modules_its_alias_names_or_not_at_all(tmp_path: Path):
    s = served_tree(tmp_path, {
        **FILES,
        "Text/Pandoc/UTF8.hs": "module Text.Pandoc.UTF8 where\n\nreadFile :: FilePath -> IO Text\nreadFile = undefined\n",
        "Text/Pandoc/Class/IO.hs": (
            "module Text.Pandoc.Class.IO where\n"
            "import qualified Data.ByteString as B\n"
            "import qualified Text.Pandoc.UTF8 as UTF8\n"
            "import qualified Text.Pandoc.Class as P\n\n"
            "readStrict :: FilePath -> IO B.ByteString\n"
            "readStrict s = B.readFile s\n\n"
            "readText :: FilePath -> IO Text\n"
            "readText s = UTF8.readFile s >> P.lookupEnv \"HOME\"\n")})
    strict = s.call("find_related", symbol="readStrict", relation="callees").text
    assert "UTF8.hs" not in strict and "B.readFile" in strict.partition("unresolved")[2], strict  # Data.ByteString's
    text = flat(s.call("find_related", symbol="readText", relation="callees").text)
    assert "readFile Text/Pandoc/UTF8.hs:3-4 called at 10" in text, text
    assert "PandocMonad.lookupEnv Text/Pandoc/Class.hs:4-4 called at 10" in text, text  # the class method


def test_a_function_a_let_defines_is_the_caller_a_call_inside_it_names(tmp_path: Path):
    s = served_tree(tmp_path, {
        "Docx.hs": ("module Docx where\n\n"
                    "getTimestamp :: IO Int\ngetTimestamp = return 0\n\n"
                    "reference :: [FilePath] -> IO [Int]\n"
                    "reference paths = do\n"
                    "  let pathToEntry path = do\n"
                    "        t <- getTimestamp\n"
                    "        return t\n"
                    "  mapM pathToEntry paths\n")})
    text = s.call("find_related", symbol="getTimestamp", relation="callers").text
    assert "Docx.hs:9 in reference.pathToEntry (8-10)" in text, text


def test_callers_keep_to_modules_that_can_see_the_function(tmp_path: Path):
    s = served_tree(tmp_path, {
        "Text/Pandoc/Writers/Shared.hs": "module Text.Pandoc.Writers.Shared where\n\ngridTable :: Int -> Int\ngridTable = id\n",
        "Text/Pandoc/Parsing.hs": "module Text.Pandoc.Parsing (module Text.Pandoc.Writers.Shared) where\n\n"
                                  "import Text.Pandoc.Writers.Shared\n",
        "Text/Pandoc/Writers/RST.hs": ("module Text.Pandoc.Writers.RST where\n\n"
                                       "import Text.Pandoc.Parsing\n\n"
                                       "blockToRST :: Int -> Int\nblockToRST n = gridTable n\n"),
        "Text/Pandoc/Readers/RST.hs": ("module Text.Pandoc.Readers.RST where\n\n"
                                       "gridTable :: Bool -> Int\ngridTable _ = 1\n\n"
                                       "table :: Int\ntable = gridTable False\n"),
        "Text/Pandoc/Writers/Docx.hs": ("module Text.Pandoc.Writers.Docx where\n\n"
                                        "import Text.Pandoc.Writers.Shared\n\n"
                                        "tableToXML :: Int -> Int -> Int\ntableToXML opts gridTable = opts + gridTable\n"),
        "Text/Pandoc/Other.hs": "module Text.Pandoc.Other where\n\nuse :: Int\nuse = gridTable 3\n"})
    text = flat(s.call("find_related", symbol="Text.Pandoc.Writers.Shared.gridTable", relation="callers").text)
    assert "Text/Pandoc/Writers/RST.hs:6 in blockToRST (5-6)" in text, text  # through Parsing's re-export
    assert "all by import" in text, text
    assert "Readers/RST.hs" not in text, text  # the reader's own gridTable
    assert "Docx.hs" not in text, text  # a parameter named gridTable


def test_callers_through_a_module_whose_export_list_names_the_function(tmp_path: Path):
    # Pandoc A/B run 245: Org.Parsing lists `insertIncludedFile` among its exports (imported from Text.Pandoc.Parsing);
    # Org.Blocks, importing Org.Parsing only, calls it, and its call was left out
    s = served_tree(tmp_path, {
        "Text/Pandoc/Parsing.hs": "module Text.Pandoc.Parsing where\n\ninsertIncludedFile :: Int -> Int\ninsertIncludedFile = id\n",
        "Text/Pandoc/Readers/Org/Parsing.hs": ("module Text.Pandoc.Readers.Org.Parsing\n  ( orgLine\n  -- * re-exported\n"
                                               "  , insertIncludedFile\n  ) where\n\nimport Text.Pandoc.Parsing\n\n"
                                               "orgLine :: Int\norgLine = 1\n"),
        "Text/Pandoc/Readers/Org/Blocks.hs": ("module Text.Pandoc.Readers.Org.Blocks where\n\n"
                                              "import Text.Pandoc.Readers.Org.Parsing\n\ninclude :: Int -> Int\n"
                                              "include n = insertIncludedFile n\n"),
        "Text/Pandoc/Readers/Org/Meta.hs": ("module Text.Pandoc.Readers.Org.Meta where\n\n"
                                            "import Text.Pandoc.Readers.Org.Blocks\n\nmeta :: Int -> Int\n"
                                            "meta n = insertIncludedFile n\n")})
    text = flat(s.call("find_related", symbol="insertIncludedFile", relation="callers").text)
    assert "Text/Pandoc/Readers/Org/Blocks.hs:6 in include (5-6)" in text, text
    assert "Meta.hs" not in text, text  # Org.Blocks re-exports nothing: its imports are not Meta's
    assert "Other.hs" not in text, text  # imports nothing that reaches Shared
    refs = s.call("search_symbol", query="Text.Pandoc.Writers.Shared.gridTable", references=True).text
    assert "Docx.hs:6" not in refs, refs


def test_a_callee_with_namesakes_says_where_the_others_are(tmp_path: Path):
    s = served_tree(tmp_path, {
        "Shared.hs": "module Shared where\n\ngetField :: Text -> Int\ngetField _ = 1\n",
        "BibTeX.hs": "module BibTeX where\n\ngetField :: Text -> Bib Int\ngetField _ = pure 2\n",
        "Writer.hs": "module Writer where\n\nimport Shared\n\nwrite :: Int\nwrite = getField \"title\"\n"})
    text = s.call("find_related", symbol="write", relation="callees").text
    assert "getField Shared.hs:3-4 called at 6 (also named so: BibTeX.hs:3)" in text, text


def test_several_names_at_once_each_get_a_share_of_the_page_and_primes_are_names(tmp_path: Path):
    files = {f"Readers/R{i}.hs": f"module Readers.R{i} where\n\ninstance Default S{i} where\n  def = S{i}\n" for i in range(30)}
    files["Shared.hs"] = ("module Shared where\n\nmetaToContext' :: Int -> Int\nmetaToContext' = id\n\n"
                          "stringify :: Int -> Text\nstringify = undefined\n\n"
                          "data WriterOptions = WriterOptions\n  { writerColumns :: Int\n  , writerWrap :: Bool\n  }\n")
    s = served_tree(tmp_path, files)
    text = s.call("search_symbol", query="def, metaToContext', stringify, WriterOptions", limit=2).text  # per name: 8 rows
    assert "Shared.hs:3-4 function metaToContext'" in text and "Shared.hs:6-7 function stringify" in text, text
    assert "'def' 30" in text and text.index("function stringify") < text.index("R10.hs"), text  # its share first
    assert "constant WriterOptions.WriterOptions — WriterOptions" in text and "writerWrap" not in text, text


def test_references_of_several_names_cover_every_name_on_the_page(tmp_path: Path):
    inst = "".join(f"instance HasIncludeFiles S{i} where\n  addIncludeFile f s = s\n  dropLatestIncludeFile s = s\n"
                   for i in range(3))
    s = served_tree(tmp_path, {
        "Parsing.hs": ("module Parsing where\n\nclass HasIncludeFiles st where\n  addIncludeFile :: Text -> st -> st\n"
                       "  dropLatestIncludeFile :: st -> st\n\n" + inst),
        "Include.hs": ("module Include where\n\nimport Parsing\n\ninsertIncluded :: Text -> P ()\n"
                       "insertIncluded f = do\n  updateState (addIncludeFile f)\n  updateState dropLatestIncludeFile\n")})
    text = s.call("search_symbol", query="HasIncludeFiles, addIncludeFile, dropLatestIncludeFile", references=True).text
    assert (hit_at(text, "Include.hs", 7) or "").startswith("7: updateState (addIncludeFile f)"), text
    assert (hit_at(text, "Include.hs", 8) or "").startswith("8: updateState dropLatestIncludeFile"), text


def test_a_second_level_caller_met_on_another_branch_is_listed_again_with_its_lines(tmp_path: Path):
    s = served_tree(tmp_path, {"LaTeX.hs": (
        "module LaTeX where\n\n"
        "insertIncluded :: Text -> P ()\ninsertIncluded f = return ()\n\n"
        "doSubfile :: P ()\ndoSubfile = insertIncluded \"x.tex\"\n\n"
        "include :: Text -> P ()\ninclude name = mapM_ insertIncluded [name]\n\n"
        "blockCommands :: [(Text, P ())]\nblockCommands =\n"
        "  [ (\"subfile\", doSubfile)\n  , (\"include\", include \"include\")\n  , (\"input\", include \"input\")\n  ]\n")})
    text = s.call("find_related", symbol="insertIncluded", relation="callers", depth=2).text
    assert text.count("in blockCommands (12-17)") == 2, text  # under doSubfile and under include
    assert ": 4 calling definitions (1 of them listed twice, met on two branches)" in text.split("\n")[0], text
    assert "16: , (\"input\", include \"input\")" in text, text


def test_a_name_imported_from_a_module_that_only_re_exports_it_says_so(tmp_path: Path):
    s = served_tree(tmp_path, {
        "Text/Pandoc/Templates.hs": ("module Text.Pandoc.Templates (renderTemplate, compileDefault) where\n"
                                     "import Text.DocTemplates (renderTemplate)\n\ncompileDefault :: Int\ncompileDefault = 1\n"),
        "Text/Pandoc/Writers/OPML.hs": ("module Text.Pandoc.Writers.OPML where\n"
                                        "import Text.Pandoc.Templates (renderTemplate)\n\n"
                                        "writeOPML :: Int -> Text\nwriteOPML tpl = renderTemplate tpl ()\n")})
    text = s.call("find_related", symbol="writeOPML", relation="callees").text
    assert ("renderTemplate (imported from Text/Pandoc/Templates.hs, which defines no renderTemplate: re-exported "
            "from elsewhere)") in text, text


def test_a_semantic_read_of_lines_inside_a_function_names_that_functions_callers(tmp_path: Path):
    s = _served(tmp_path)
    text = s.call("read_code_range", path="Text/Pandoc/Readers/Markdown.hs", start_line=30, end_line=31,
                  context="semantic").text
    assert "── parseBlocks.go is called by (1) ──" in text, text
    assert "Text/Pandoc/Readers/Markdown.hs:28 in parseBlocks.header" in text, text


def test_callers_of_a_module_function_are_its_qualified_uses_not_a_class_methods_namesake_calls(tmp_path: Path):
    # run 51: callers of Text.Pandoc.Class.IO.readFileStrict listed the PandocMonad class method's bare calls (in files
    # importing a module that imports Class.IO without re-exporting it) and left out the instances'
    # `readFileStrict = IO.readFileStrict`
    s = served_tree(tmp_path, {
        "Text/Pandoc/Class/IO.hs": ("module Text.Pandoc.Class.IO (readFileStrict) where\n"
                                    "readFileStrict :: FilePath -> IO String\nreadFileStrict = readFile\n"),
        "Text/Pandoc/Class/PandocMonad.hs": ("module Text.Pandoc.Class.PandocMonad (PandocMonad(..), readData) where\n"
                                             "import qualified Text.Pandoc.Class.IO as IO\n"
                                             "class Monad m => PandocMonad m where\n"
                                             "  readFileStrict :: FilePath -> m String\n"
                                             "readData :: PandocMonad m => FilePath -> m String\n"
                                             "readData f = readFileStrict f\n"),
        "Text/Pandoc/Class/PandocIO.hs": ("module Text.Pandoc.Class.PandocIO (PandocIO) where\n"
                                          "import qualified Text.Pandoc.Class.IO as IO\n"
                                          "import Text.Pandoc.Class.PandocMonad\n"
                                          "newtype PandocIO a = PandocIO (IO a)\n"
                                          "instance PandocMonad PandocIO where\n"
                                          "  readFileStrict = IO.readFileStrict\n"),
        "Text/Pandoc/App.hs": ("module Text.Pandoc.App (run) where\n"
                               "import Text.Pandoc.Class.PandocMonad\n"
                               "run :: PandocMonad m => m String\nrun = readFileStrict \"x\"\n"),
    })
    text = flat(s.call("find_related", symbol="readFileStrict", relation="callers", path="Text/Pandoc/Class/IO.hs").text)
    assert "Text/Pandoc/Class/PandocIO.hs:6 in" in text and "by alias" in text, text
    assert "App.hs" not in text and "PandocMonad.hs:6" not in text, text


def test_a_data_constructor_used_from_an_imported_module_is_one_of_its_names(tmp_path: Path):
    # Pandoc run 291: OPML.hs compares `writerWrapText opts == WrapAuto`; the uses view's Options.hs row left
    # WrapAuto out, and the agent read the file for it
    files = {
        "src/Opts.hs": ("module Opts where\n\ndata WrapOption = WrapAuto\n                | WrapNone\n\n"
                        "data WriterOptions = WriterOptions { writerWrapText :: WrapOption }\n"),
        "src/OPML.hs": ("module OPML where\n\nimport Opts\n\nwidth :: WriterOptions -> Int\n"
                        "width opts = if writerWrapText opts == WrapAuto then 72 else 0\n"),
    }
    a = served_tree(tmp_path, files).call("list_dependencies", path="src/OPML.hs", view="uses")
    assert "WrapAuto (Opts.hs:3) at 6" in a.text and "writerWrapText (Opts.hs:6) at 6" in a.text, a.text


def test_the_uses_view_names_what_a_module_re_exports_from_its_own_imports(tmp_path: Path):
    """Pandoc runs 291 and 327: OPML.hs's row for Text.Pandoc.Options left out `def`, which Options.hs re-exports
    from Data.Default, and gave `renderTemplate` (re-exported by Text.Pandoc.Templates from Text.DocTemplates) with no
    origin; both agents read the modules' headers to learn it."""
    served = served_tree(tmp_path / "r", {
        "Text/Pandoc/Options.hs": ("module Text.Pandoc.Options ( WriterOptions(..)\n                           , def\n"
                                   "                           ) where\n\nimport Data.Default\nimport qualified Data.Set as Set\n"
                                   "import Text.Pandoc.Extensions\n\ndata WriterOptions = WriterOptions { writerColumns :: Int }\n"),
        "Text/Pandoc/Extensions.hs": "module Text.Pandoc.Extensions (Extension(..)) where\n\ndata Extension = Ext_smart\n",
        "Text/Pandoc/Templates.hs": ("module Text.Pandoc.Templates ( renderTemplate\n                             , getTemplate\n"
                                     "                             ) where\n\nimport Text.DocTemplates (Template, renderTemplate)\n\n"
                                     "getTemplate :: String -> String\ngetTemplate x = x\n"),
        "Text/Pandoc/Writers/OPML.hs": ("module Text.Pandoc.Writers.OPML (writeOPML) where\n\nimport Text.Pandoc.Options\n"
                                        "import Text.Pandoc.Templates (renderTemplate)\n\n"
                                        "writeOPML :: WriterOptions -> String\nwriteOPML opts = renderTemplate (show (writerColumns (def opts)))\n"),
    })
    u = served.call("list_dependencies", path="Text/Pandoc/Writers/OPML.hs", view="uses")
    assert "def (Options.hs:2, from Data.Default) at 7" in u.text, u.text  # (Extensions defines no def; Set is qualified)
    assert "renderTemplate (Templates.hs:1, from Text.DocTemplates) at 7" in u.text, u.text
