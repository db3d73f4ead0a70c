"""Tensor's named methods and operators, made from one table of the public functions they call.

``x.sum(axis=0)`` is ``gt.sum(x, axis=0)``, ``x + y`` is ``gt.add(x, y)``,
``repr(x)`` is the display layer's ``tensor_repr(x)``: as PyTorch's
``Tensor`` methods call ``torch.*``, every method of `gentensor.Tensor` whose
work is done by a layer above the tensor is a thin delegate to a public
function, made here from `TABLE` and set on the class by `install` (which
``gentensor/__init__.py`` runs last, once every layer is imported).  The
tensor's own module holds only what a tensor *is* (storage, layout, ops,
indexing, views, conversions) and never calls a higher layer; this module
sits in the top layer and imports the layers it delegates to.

A row of the table is one of:

* `Method` -- ``x.<name>(<params>)`` returns ``function(<call>)``: the
  parameters are the method's (NumPy's spelling: ``x.sum(0)`` takes the
  axis by position), the call adapts them to the function's (``gt.sum``
  takes it by keyword).  The method's docstring is the function's, with a
  line saying how the method calls it.
* `Attribute` -- a read-only property: ``x.H`` is ``conjugate_transpose(x)``.
* `Operator` -- a binary operator and its reflection (``__add__`` and
  ``__radd__``), made as CPython's ``fractions`` makes them: for an operand
  no ops knows whose type has the reflected method, they return
  ``NotImplemented``, so ``x + Foo()`` calls ``Foo.__radd__``.
* `InPlace` -- ``x += y``, written into ``x``'s storage.
* `Special` -- a method whose body is a function of `gentensor._specials`
  (``__eq__``, ``reshape``, ``__array_namespace__``, ...), set as it is.

The same table is what the typed declarations of ``core/methods.py``, the
API page of the tensor and the Array API name test are checked against
(``tests/test_methods_table.py``).

Examples
--------
>>> import gentensor as gt
>>> x = gt.tensor([[3, 1], [2, 5]])
>>> x.sum(0).tolist(), x.max(), (x + 1).tolist(), x.T.mean()
([5, 6], 5, [[4, 2], [3, 6]], Fraction(11, 4))
>>> TABLE["sum"].function is gt.sum, TABLE["__add__"].function is gt.add
(True, True)
"""

from __future__ import annotations

from types import FunctionType, ModuleType
from typing import Any, Callable, Union

from . import _namespace, _numpy_protocol, _specials, linalg
from .arrays import composition, dtypes, manipulation, shaping
from .compute import bitwise, calculus, elementary, elementwise, products, reductions, searching, sorting, statistics
from .core.tensor import Tensor
from .display import rich
from . import display
from .errors import ArgumentTypeError
from .io import interop

__all__ = ["Method", "Attribute", "Operator", "InPlace", "Special", "TABLE", "install", "method_names", "api_docstring"]


class _Row:
    """A row of the table: its fields by name (plain slots: ``import gentensor`` builds the table every time)."""

    __slots__: tuple[str, ...] = ()
    #: The defaults of the last fields.
    _defaults: tuple[Any, ...] = ()

    def __init__(self, *values: Any) -> None:
        fields, defaults = type(self).__slots__, type(self)._defaults
        missing = len(fields) - len(values)
        if not 0 <= missing <= len(defaults):
            raise ArgumentTypeError(f"{type(self).__name__}: takes the fields {', '.join(fields)} (got {len(values)} values)")
        for field, value in zip(fields, values + defaults[len(defaults) - missing :]):
            object.__setattr__(self, field, value)

    def __repr__(self) -> str:
        shown = ", ".join(f"{f}={getattr(self, f)!r}" for f in type(self).__slots__)
        return f"{type(self).__name__}({shown})"


class Method(_Row):
    """``x.<name>(<params>)`` returns ``function(<call>)``.

    ``params`` is the method's parameter list after ``self`` as Python
    writes it (``"axis=None, keepdims=False"``); ``call`` the arguments of
    the call, with ``self`` for the tensor.  By default the call passes the
    tensor, then every parameter by keyword (``*args`` and ``**kwargs`` as
    they came).

    Examples
    --------
    >>> import gentensor as gt
    >>> Method(gt.sum, "axis=None").call_text()
    'self, axis=axis'
    """

    __slots__ = ("function", "params", "call")
    _defaults = ("", None)
    function: Callable[..., Any]
    params: str
    call: str | None

    def call_text(self) -> str:
        """The arguments of the call (the default one when the row gives none)."""
        if self.call is not None:
            return self.call
        args = ["self"]
        for p in _split(self.params):
            if p in ("*", "/"):
                continue
            name = p.split("=", 1)[0].strip()
            args.append(name if name.startswith("*") else f"{name}={name}")
        return ", ".join(args)


class Attribute(_Row):
    """A read-only attribute: ``x.<name>`` is ``function(x)``.

    Examples
    --------
    >>> import gentensor as gt
    >>> TABLE["H"].function is gt.compute.calculus.conjugate_transpose
    True
    """

    __slots__ = ("function",)
    function: Callable[..., Any]


class Operator(_Row):
    """``x <symbol> y`` is ``function(x, y)``; its reflection ``y <symbol> x`` is ``function(y, x)``.

    ``reflection`` names the reflected method (``"__radd__"``); ``reflected``
    is the function it calls with the operands in their own order when that
    is another operation (``y > x`` is ``x < y``: ``greater(x, y)``).

    Examples
    --------
    >>> import gentensor as gt
    >>> TABLE["__lt__"].reflection, TABLE["__lt__"].reflected is gt.greater
    ('__gt__', True)
    """

    __slots__ = ("function", "symbol", "reflection", "reflected")
    _defaults = (None,)
    function: Callable[..., Any]
    symbol: str
    reflection: str
    reflected: Callable[..., Any] | None


class InPlace(_Row):
    """``x <symbol> y`` written into ``x``'s storage: ``inplace(operation, x, y)``.

    Examples
    --------
    >>> TABLE["__iadd__"]
    InPlace(operation='add', symbol='+=', reflection='__radd__')
    """

    __slots__ = ("operation", "symbol", "reflection")
    operation: str
    symbol: str
    reflection: str


class Special(_Row):
    """A method whose body is ``function`` (a function of this module taking the tensor first), set as it is.

    Examples
    --------
    >>> TABLE["reshape"].function.__name__
    'reshape'
    """

    __slots__ = ("function",)
    function: Callable[..., Any]


Row = Union[Method, Attribute, Operator, InPlace, Special]


def _split(params: str) -> list[str]:
    """The parameters of a parameter list (defaults in the table are literals without commas)."""
    return [p.strip() for p in params.split(",") if p.strip()]


# -- the table ------------------------------------------------------------------------------------------

_REDUCE = "axis=None, keepdims=False"
_DIAGONAL = "offset=0, axis1=0, axis2=1"  # NumPy's default axes (the functions' are the last two)
_sympy_print = Method(_specials.sympy_printed, "printer", "self, printer")

#: Every method of `gentensor.Tensor` served by a layer above the tensor, by name.
TABLE: dict[str, Row] = {
    # -- the Array API and NumPy's protocols ----------------------------------------------------------
    "__array_namespace__": Special(_specials.__array_namespace__),
    "__array_function__": Method(_numpy_protocol.array_function, "func, types, args, kwargs", "func, types, args, kwargs"),
    "__array_ufunc__": Method(_numpy_protocol.array_ufunc, "ufunc, method, *inputs, **kwargs", "ufunc, method, inputs, kwargs"),
    "__array__": Special(_specials.__array__),
    "__reduce__": Method(interop.tensor_reduce),
    # -- views and shapes ----------------------------------------------------------------------------
    "reshape": Special(_specials.reshape),
    "transpose": Special(_specials.transpose),
    "flatten": Method(shaping.flatten),
    "ravel": Method(shaping.ravel),
    "squeeze": Method(manipulation.squeeze, "axis=None"),
    "swapaxes": Method(manipulation.swapaxes, "axis1, axis2", "self, axis1, axis2"),
    "diagonal": Method(manipulation.diagonal, _DIAGONAL),
    "repeat": Method(composition.repeat, "repeats, axis=None", "self, repeats, axis=axis"),
    "take": Method(composition.take, "indices, axis=None", "self, indices, axis=axis"),
    # -- reductions, statistics, searching, sorting ---------------------------------------------------
    "sum": Method(reductions.sum, _REDUCE),
    "prod": Method(reductions.prod, _REDUCE),
    "min": Method(reductions.min, _REDUCE),
    "max": Method(reductions.max, _REDUCE),
    "all": Method(reductions.all, _REDUCE),
    "any": Method(reductions.any, _REDUCE),
    "mean": Method(statistics.mean, _REDUCE),
    "var": Method(statistics.var, _REDUCE + ", *, correction=0"),
    "std": Method(statistics.std, _REDUCE + ", *, correction=0"),
    "cumsum": Method(statistics.cumsum, "axis=None"),
    "cumprod": Method(statistics.cumprod, "axis=None"),
    "argmax": Method(searching.argmax, _REDUCE),
    "argmin": Method(searching.argmin, _REDUCE),
    "nonzero": Method(searching.nonzero),
    "argsort": Method(sorting.argsort, "axis=-1, *, descending=False"),
    "trace": Method(products.trace, _DIAGONAL),
    # -- element functions ----------------------------------------------------------------------------
    "astype": Method(dtypes.astype, "dtype, /, *, copy=True", "self, dtype, copy=copy"),
    "clip": Method(elementary.clip, "min=None, max=None"),
    "conj": Method(elementary.conj),
    "conjugate": Method(calculus.conjugate),
    "applyfunc": Method(elementwise.map, "f", "f, self"),
    # -- linear algebra and eigen-theory --------------------------------------------------------------
    "det": Method(linalg.det, "*, method='auto'"),
    "inv": Method(linalg.inv),
    "rank": Method(linalg.rank),
    "charpoly": Method(linalg.charpoly, "symbol=None"),
    "eigenvals": Method(linalg.eigenvals, "*, multiple=False"),
    "eigenvects": Method(linalg.eigenvects),
    "diagonalize": Method(linalg.diagonalize),
    "jordan_form": Method(linalg.jordan_form),
    # -- SymPy conveniences ---------------------------------------------------------------------------
    "subs": Method(elementwise.subs, "*args, **kwargs"),
    "diff": Method(elementwise.diff, "*symbols"),
    "expand": Method(elementwise.expand),
    "simplify": Method(elementwise.simplify),
    "evalf": Method(elementwise.evalf, "n=15"),
    "H": Attribute(calculus.conjugate_transpose),
    "free_symbols": Attribute(calculus.free_symbols),
    "jacobian": Method(calculus.jacobian, "variables", "self, variables"),
    "has": Method(calculus.has, "*patterns"),
    "xreplace": Method(calculus.xreplace, "rule", "self, rule"),
    "integrate": Method(calculus.integrate, "*args, **kwargs"),
    "limit": Method(calculus.limit, "variable, point, dir='+'", "self, variable, point, dir=dir"),
    "series": Method(calculus.series, "variable=None, x0=0, n=6, dir='+'"),
    "to_sympy": Method(interop.to_sympy),
    "_sympy_": Method(interop.to_sympy),
    "_sympystr": _sympy_print,
    "_sympyrepr": _sympy_print,
    "_latex": _sympy_print,
    "_pretty": _sympy_print,
    # -- display --------------------------------------------------------------------------------------
    "__repr__": Method(display.tensor_repr),
    "__str__": Method(display.tensor_str),
    "_repr_latex_": Method(rich.latex_repr),
    "_repr_html_": Method(rich.html_repr),
    # -- operators ------------------------------------------------------------------------------------
    "__add__": Operator(elementwise.add, "+", "__radd__"),
    "__sub__": Operator(elementwise.subtract, "-", "__rsub__"),
    "__mul__": Operator(elementwise.multiply, "*", "__rmul__"),
    "__truediv__": Operator(elementwise.divide, "/", "__rtruediv__"),
    "__floordiv__": Operator(elementwise.floor_divide, "//", "__rfloordiv__"),
    "__mod__": Operator(elementwise.remainder, "%", "__rmod__"),
    "__pow__": Operator(elementwise.power, "**", "__rpow__"),
    "__matmul__": Operator(products.matmul, "@", "__rmatmul__"),
    # x < y and its reflection y > x are one pair; so are <= and >=.
    "__lt__": Operator(elementwise.less, "<", "__gt__", elementwise.greater),
    "__le__": Operator(elementwise.less_equal, "<=", "__ge__", elementwise.greater_equal),
    # Bitwise operators (logical for boolean masks).
    "__and__": Operator(bitwise.bitwise_and, "&", "__rand__"),
    "__or__": Operator(bitwise.bitwise_or, "|", "__ror__"),
    "__xor__": Operator(bitwise.bitwise_xor, "^", "__rxor__"),
    "__lshift__": Operator(bitwise.bitwise_left_shift, "<<", "__rlshift__"),
    "__rshift__": Operator(bitwise.bitwise_right_shift, ">>", "__rrshift__"),
    "__iadd__": InPlace("add", "+=", "__radd__"),
    "__isub__": InPlace("subtract", "-=", "__rsub__"),
    "__imul__": InPlace("multiply", "*=", "__rmul__"),
    "__itruediv__": InPlace("divide", "/=", "__rtruediv__"),
    "__ifloordiv__": InPlace("floor_divide", "//=", "__rfloordiv__"),
    "__imod__": InPlace("remainder", "%=", "__rmod__"),
    "__ipow__": InPlace("power", "**=", "__rpow__"),
    "__iand__": InPlace("bitwise_and", "&=", "__rand__"),
    "__ior__": InPlace("bitwise_or", "|=", "__ror__"),
    "__ixor__": InPlace("bitwise_xor", "^=", "__rxor__"),
    "__ilshift__": InPlace("bitwise_left_shift", "<<=", "__rlshift__"),
    "__irshift__": InPlace("bitwise_right_shift", ">>=", "__rrshift__"),
    "__imatmul__": Special(_specials.__imatmul__),
    "__eq__": Special(_specials.__eq__),
    "__ne__": Special(_specials.__ne__),
    "__contains__": Special(_specials.__contains__),
    "__divmod__": Special(_specials.__divmod__),
    "__rdivmod__": Special(_specials.__rdivmod__),
    "__neg__": Method(elementwise.negative),
    "__pos__": Method(elementwise.positive),
    "__abs__": Method(elementwise.abs),
    "__invert__": Method(bitwise.bitwise_invert),
    "__round__": Method(elementwise.round, "ndigits=None", "self, decimals=0 if ndigits is None else ndigits"),
}


def method_names() -> list[str]:
    """Every name `install` sets on `gentensor.Tensor`: the table's, and the reflected operators.

    Examples
    --------
    >>> names = method_names()
    >>> "sum" in names, "__radd__" in names, "__gt__" in names
    (True, True, True)
    """
    names = list(TABLE)
    names += [row.reflection for row in TABLE.values() if isinstance(row, Operator)]
    return names


def api_docstring(name: str) -> str:
    """The docstring of ``Tensor.<name>`` for the API pages: its Parameters section lists the method's own.

    A delegate's docstring is its function's (``gt.sum``'s lists ``x`` and
    ``dtype``, which ``x.sum`` does not take): the page keeps the entries
    that name a parameter of the method, and drops the section when none is
    left.  (``docs/_hooks/tensor_methods.py`` gives these to the page.)

    Examples
    --------
    >>> doc = api_docstring("sum")
    >>> "axis : " in doc, "dtype : " in doc, "x : " in doc
    (True, False, False)
    """
    import inspect

    member = Tensor.__dict__[name]
    function: Any = member.fget if isinstance(member, property) else member
    own = {p.name for p in inspect.signature(function).parameters.values()}
    lines = inspect.cleandoc(function.__doc__ or "").splitlines()
    out: list[str] = []
    k = 0
    while k < len(lines):
        if lines[k].strip() == "Parameters" and k + 1 < len(lines) and set(lines[k + 1].strip()) == {"-"}:
            entries: list[list[str]] = []
            k += 2
            while k < len(lines) and not (k + 1 < len(lines) and lines[k + 1].strip() and set(lines[k + 1].strip()) == {"-"}):
                if lines[k] and not lines[k].startswith(" "):
                    entries.append([lines[k]])
                elif entries:
                    entries[-1].append(lines[k])
                k += 1
            kept = [e for e in entries if own & {n.strip().lstrip("*") for n in e[0].split(":")[0].split(",")}]
            if kept:
                out += ["Parameters", "----------"] + [line for e in kept for line in e]
                if out[-1].strip():
                    out.append("")
            continue
        out.append(lines[k])
        k += 1
    return "\n".join(out)


# -- installing ------------------------------------------------------------------------------------------


def _public_names(namespace: ModuleType) -> dict[int, str]:
    """``id(function) -> "gentensor.<name>"`` for the public functions (first name wins; ``gt.linalg`` after)."""
    names: dict[int, str] = {}
    for prefix, space in (("gentensor.", namespace), ("gentensor.linalg.", namespace.linalg)):
        for name in space.__all__:
            names.setdefault(id(getattr(space, name)), prefix + name)
    return names


def _method_doc(name: str, row: Method, public: str) -> str:
    """The function's docstring, with a line after its summary saying how ``x.<name>(...)`` calls it."""
    call = row.call_text().replace("self", "x")
    note = f"The method form of ``{public}``: ``x.{name}({row.params})`` is ``{public}({call})``."
    doc = row.function.__doc__ or ""
    summary, _, rest = doc.partition("\n")
    body = rest.lstrip("\n")
    indent = body[: len(body) - len(body.lstrip(" "))]
    return f"{summary}\n\n{indent}{note}\n\n{body}" if body else f"{summary}\n\n{note}"


def _delegates(rows: list[tuple[str, Method]]) -> dict[str, Callable[..., Any]]:
    """The delegate of each `Method` row: ``def <name>(self, <params>): return function(<call>)``.

    Rows with the same parameters and call share one template, and the
    templates are compiled together (one ``compile`` of a few dozen lines per
    ``import gentensor``); each delegate is the template's code with the
    row's name, over a namespace holding the row's function as ``_f``.
    """
    keys = {key: k for k, key in enumerate(dict.fromkeys((row.params, row.call_text()) for _, row in rows))}
    source = "".join(
        f"def _t{k}({'self, ' + params if params else 'self'}):\n    return _f({call})\n" for (params, call), k in keys.items()
    )
    templates: dict[str, Any] = {}
    exec(compile(source, "<gentensor._methods.TABLE>", "exec"), templates)
    made: dict[str, Callable[..., Any]] = {}
    for name, row in rows:
        template = templates[f"_t{keys[row.params, row.call_text()]}"]
        code = template.__code__.replace(co_name=name, co_qualname=f"Tensor.{name}")
        method = FunctionType(code, {"__name__": __name__, "_f": row.function}, name, template.__defaults__)
        method.__kwdefaults__ = template.__kwdefaults__
        made[name] = method
    return made


def _operators(row: Operator) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The forward and reflected methods of one binary operator."""
    function, reflection, reflected = row.function, row.reflection, row.reflected

    def forward(self: Tensor[Any], other: Any) -> Any:
        if _specials.defers(self, other, reflection):
            return NotImplemented
        return function(self, other)

    if reflected is not None:

        def reverse(self: Tensor[Any], other: Any) -> Any:
            return reflected(self, other)

    else:

        def reverse(self: Tensor[Any], other: Any) -> Any:
            return function(other, self)

    return forward, reverse


def _inplace(row: InPlace) -> Callable[..., Any]:
    """The method ``x <op>= y``."""
    operation, reflection, inplace = row.operation, row.reflection, elementwise.inplace

    def method(self: Tensor[Any], other: Any) -> Any:
        if _specials.defers(self, other, reflection):
            return NotImplemented
        return inplace(operation, self, other)

    return method


def _named(function: Callable[..., Any], name: str, doc: str) -> Callable[..., Any]:
    function.__name__ = name
    function.__qualname__ = f"Tensor.{name}"
    function.__doc__ = doc
    return function


def install(cls: type = Tensor) -> None:
    """Set every method of `TABLE` on ``cls`` (`gentensor.Tensor`; ``gentensor/__init__.py`` calls it once).

    The delegates of `Method` rows are compiled from their rows' parameter
    lists, so a method costs one Python call more than its function, as a
    hand-written delegate would.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.Tensor.sum.__qualname__, gt.Tensor.__add__(gt.tensor([1]), 2).tolist()
    ('Tensor.sum', [3])
    """
    public = _public_names(_namespace.module)
    delegates = _delegates([(name, row) for name, row in TABLE.items() if isinstance(row, Method)])
    for name, row in TABLE.items():
        if isinstance(row, Method):
            fn = row.function
            label = public.get(id(fn)) or f"{fn.__module__}.{fn.__name__}"
            setattr(cls, name, _named(delegates[name], name, _method_doc(name, row, label)))
        elif isinstance(row, Attribute):
            setattr(cls, name, property(row.function, doc=row.function.__doc__))
        elif isinstance(row, Operator):
            forward, reverse = _operators(row)
            public_name = public.get(id(row.function), row.function.__name__)
            setattr(cls, name, _named(forward, name, f"``x {row.symbol} y`` (see ``{public_name}``)."))
            setattr(cls, row.reflection, _named(reverse, row.reflection, f"``y {row.symbol} x`` with ``x`` on the right (see ``{public_name}``)."))
        elif isinstance(row, InPlace):
            doc = f"``x {row.symbol} y`` in place (see ``gentensor.compute.elementwise.inplace``)."
            setattr(cls, name, _named(_inplace(row), name, doc))
        else:
            assert isinstance(row.function, FunctionType)
            setattr(cls, name, row.function)
