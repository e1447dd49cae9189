"""The architecture page stays true to the code: its tree names every module of the package and
no module that is gone, its table of contracts is pyproject.toml's, each fact of its ownership
table lives where it says, the size rules it states hold, each claim it lists names the tests
that check it, and each class and attribute it names is in the code."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tictactoe_tui"
PAGE = ROOT / "docs" / "architecture.md"


def section(title: str) -> str:
    """The architecture page's section headed ``## title``, up to the next one."""
    return PAGE.read_text(encoding="utf-8").split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def tree_paths() -> set[str]:
    """The files and folders the page's tree names, as paths from the package's folder (a folder
    ends in ``/``): each line is a name indented two spaces a level, then what it does."""
    [block] = re.findall(r"```\n(.*?)```", section("The tree"), re.S)
    first, *lines = block.splitlines()
    assert first == "tictactoe_tui/"
    named: set[str] = set()
    folders: list[str] = []
    for line in lines:
        name = line.split()[0]
        depth = (len(line) - len(line.lstrip(" "))) // 2 - 1
        assert line.startswith("  " * (depth + 1) + name), f"indented by an odd number of spaces: {line}"
        assert 0 <= depth <= len(folders), f"deeper than the folder above it: {line}"
        del folders[depth:]
        path = "".join(folders) + name
        assert path not in named, f"{path} is named twice"
        named.add(path)
        if name.endswith("/"):
            folders.append(name)
    return named


def package_paths() -> set[str]:
    """Every module of the package and every folder that holds one, from the package's folder."""
    modules = {path.relative_to(PACKAGE) for path in PACKAGE.rglob("*.py")}
    folders = {parent for module in modules for parent in module.parents if parent != Path(".")}
    return {module.as_posix() for module in modules} | {f"{folder.as_posix()}/" for folder in folders}


def test_the_tree_names_every_module_of_the_package_and_none_that_is_gone() -> None:
    named, there = tree_paths(), package_paths()
    assert not there - named, f"missing from the tree in docs/architecture.md: {sorted(there - named)}"
    assert not named - there, f"named in the tree but not in the package: {sorted(named - there)}"


def test_the_contracts_table_lists_every_contract_of_pyproject() -> None:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    rows = re.findall(r"^\| (.+?) \| (layers|independence|forbidden) \|", section("The contracts"), re.M)
    assert sorted(rows) == sorted((contract["name"], contract["type"]) for contract in contracts)


#: The most lines a module outside ``engine/search/`` may have, and the most modules a folder of
#: the package may hold (its ``__init__.py`` counted).
MOST_LINES, MOST_MODULES = 400, 15


def test_no_module_outside_the_searches_passes_400_lines() -> None:
    searches = PACKAGE / "engine" / "search"
    long = {
        path.relative_to(PACKAGE).as_posix(): lines
        for path in PACKAGE.rglob("*.py")
        if searches not in path.parents and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert not long, f"over {MOST_LINES} lines outside engine/search/: {long}"


def test_no_folder_of_the_package_holds_more_than_15_modules() -> None:
    folders = {path.parent for path in PACKAGE.rglob("*.py")}
    full = {
        folder.relative_to(PACKAGE.parent).as_posix(): count
        for folder in folders
        if (count := len(list(folder.glob("*.py")))) > MOST_MODULES
    }
    assert not full, f"folders over {MOST_MODULES} modules: {full}"


#: The facts the ownership table must place (issue 68: each has one owner).
FACTS = ("seats", "tables", "turns", "the status", "positions", "books", "jobs", "settings")


def test_every_fact_of_the_ownership_table_lives_where_it_says() -> None:
    """Each row names a module of the package and a name in it: the name must be there (a row
    whose owner moved fails), and every fact the page promises has a row."""
    rows = re.findall(r"^\| ([^|`]+?): .+? \| `([\w/]+\.py)` \| `([\w.]+)` \|$", section("Where each fact lives"), re.M)
    assert {fact for fact, _module, _name in rows} == set(FACTS)
    for _fact, path, name in rows:
        module = importlib.import_module(
            "tictactoe_tui." + path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        )
        owner: object = module
        for part in name.split("."):
            assert hasattr(owner, part), f"{name} is not in {path}"
            owner = getattr(owner, part)


def defined_tests(path: Path) -> set[str]:
    """The test functions of the test module at ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_")
    }


def test_each_claim_of_the_page_names_tests_that_are_there_and_every_claims_test_is_named() -> None:
    """The table of claims and the tests agree: a test renamed or gone fails here, and so does a
    test of the claims' own file that no claim names."""
    rows = re.findall(r"^\| (.+?) \| (`tests/.+`) \|$", section("Each claim and its test"), re.M)
    assert len(rows) >= 20
    named = {check for _claim, checks in rows for check in re.findall(r"`(tests/[\w/]+\.py::\w+)`", checks)}
    for check in named:
        path, name = check.split("::")
        assert name in defined_tests(ROOT / path), f"{check}, named on the architecture page, is not there"
    claims = ROOT / "tests" / "test_architecture_claims.py"
    unnamed = {f"tests/test_architecture_claims.py::{name}" for name in defined_tests(claims)} - named
    assert not unnamed, f"tests of the page's claims that no claim of the page names: {sorted(unnamed)}"


def test_every_test_module_the_page_names_is_there() -> None:
    page = PAGE.read_text(encoding="utf-8")
    missing = sorted({path for path in re.findall(r"tests/[\w/]+\.py", page) if not (ROOT / path).is_file()})
    assert not missing, f"named on the architecture page but not there: {missing}"


#: Classes of the libraries the page names (Textual's, the standard library's).
LIBRARY = {"Mapping", "ModalScreen", "Provider", "Screen"}


def bound_names(folder: Path) -> dict[str, str]:
    """Each class, function and module-level name bound below ``folder``: the module that binds
    it (a class or a function first, where a name is bound twice)."""
    defined: dict[str, str] = {}
    assigned: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__")
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                defined.setdefault(node.name, module)
        for node in tree.body:
            if isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                assigned.update({target.id: module for target in targets if isinstance(target, ast.Name)})
    return assigned | defined


def has_attribute(owner: object, name: str) -> bool:
    """Whether ``owner`` (a class, or a value) has ``name``: an attribute, a dataclass's field, or
    one its class's methods assign (``self.name = …``)."""
    if hasattr(owner, name):
        return True
    cls = owner if isinstance(owner, type) else type(owner)
    if dataclasses.is_dataclass(cls) and name in {field.name for field in dataclasses.fields(cls)}:
        return True
    for base in cls.__mro__:
        if not base.__module__.startswith("tictactoe_tui"):
            continue
        tree = ast.parse(inspect.getsource(base))
        targets: list[ast.expr] = [node.target for node in ast.walk(tree) if isinstance(node, ast.AnnAssign)]
        targets += [target for node in ast.walk(tree) if isinstance(node, ast.Assign) for target in node.targets]
        flat = [part for target in targets for part in (target.elts if isinstance(target, ast.Tuple) else [target])]
        if any(isinstance(part, ast.Attribute) and ast.unparse(part) == f"self.{name}" for part in flat):
            return True
    return False


def test_every_class_and_attribute_the_page_names_is_in_the_code() -> None:
    """Each ``Name`` and ``Name.attribute`` the page names in code type is in the package (or its
    tests, or a library it names): a class renamed or a method gone fails here."""
    page = PAGE.read_text(encoding="utf-8")
    names = bound_names(ROOT / "tests") | bound_names(PACKAGE)
    single = set(re.findall(r"`([A-Z][a-z]\w*)(?:\([^`]*\))?`", page))
    assert not single - set(names) - LIBRARY, f"named on the page, not in the code: {sorted(single - set(names))}"
    dotted = set(re.findall(r"`([A-Z]\w*)\.(\w+)(?:\([^`]*\))?`", page))
    assert len(dotted) > 50
    missing = []
    for owner_name, attribute in sorted(dotted):
        owner = getattr(importlib.import_module(names[owner_name]), owner_name) if owner_name in names else None
        if owner is None or not has_attribute(owner, attribute):
            missing.append(f"{owner_name}.{attribute}")
    assert not missing, f"named on the architecture page, not in the code: {missing}"
