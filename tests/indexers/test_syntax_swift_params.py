"""Parameter types read off Swift headers: past an argument label and an ownership word, through a metatype, and
never a variadic parameter's element type (`_ items: Any...` is an array)."""

from contexteer.indexers.syntax import declared_type


def test_swift_parameter_types():
    assert declared_type("func f(in runtime: JavaScriptRuntime)", "runtime") == "JavaScriptRuntime"
    assert declared_type("func f(_ a: Int, converter: borrowing MainValueConverter)", "converter") == "MainValueConverter"
    assert declared_type("static func from(object: any Record.Type)", "object") == "Record"
    assert declared_type("func info(_ items: Any...)", "items") is None
    assert declared_type("def f(self, x: int)", "x") == "int"  # other languages as before
