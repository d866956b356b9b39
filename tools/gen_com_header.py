#!/usr/bin/env python3
"""Writes the C and C++ declarations of COM interfaces from an IDL file.

    gen_com_header.py [--c-only] -I DIR [-I DIR ...] INPUT.idl OUTPUT.h

INPUT.idl is a subset of MIDL: `import "file.idl";`, `cpp_quote("...")` (emitted at the
top of the output) and interface definitions (`[uuid(...), object, local] interface
Name : Parent { methods };`), with attribute blocks allowed where MIDL allows them. As
MIDL does, the generator runs INPUT.idl through the C preprocessor first (--cpp), so
comments and macros work. Imported files (looked up
in the -I directories; DirectX-Headers' d3d12.idl, for instance) are read for two things
only: the methods of the interfaces they define, which the C form repeats in every
derived interface, and the names of their structures, which decide how a method that
returns one is declared. Nothing inherited is written twice in the project.

For each interface of INPUT.idl the output has what Microsoft's MIDL-generated headers
have: a forward declaration, the C++ form (a MIDL_INTERFACE struct deriving from the
parent, one pure virtual method per IDL method, in order), the C form (a Vtbl struct with
every inherited method first, the interface struct holding lpVtbl, and the COBJMACROS
call macros), the IID's DEFINE_GUID and a __CRT_UUID_DECL so that __uuidof and
IID_PPV_ARGS work in C++ with DirectX-Headers' Linux stubs.

With --c-only the output has the C form alone, for interfaces whose C++ form a header of
Microsoft's already declares (DXCore's dxcore_interface.h): the header that includes it
picks one of the two.

A method returning a structure is declared as DirectX-Headers declares one: by value on
Linux in both forms, and through a hidden RetVal pointer in the C form (and in the C++
form off MSVC) when _WIN32 is defined.
"""

import argparse
import os
import re
import subprocess
import sys

# The root of every COM interface. Its IDL (unknwn.idl) is not shipped with DirectX-Headers.
IUNKNOWN_METHODS = [
    ('HRESULT', 'QueryInterface', [('REFIID', 'riid'), ('void **', 'ppvObject')]),
    ('ULONG', 'AddRef', []),
    ('ULONG', 'Release', []),
]

# Imports that only matter to MIDL itself (base COM and OLE automation types).
SYSTEM_IMPORTS = {'oaidl.idl', 'ocidl.idl', 'unknwn.idl', 'objidl.idl', 'wtypes.idl'}

WRAP = 100


class IdlError(Exception):
    pass


class Interface:
    def __init__(self, name, parent, uuid, methods, local):
        self.name = name
        self.parent = parent
        self.uuid = uuid
        self.methods = methods  # [(return type, name, [(type, declarator)])]
        self.local = local      # defined in INPUT.idl (generated) rather than imported


def strip_comments(text):
    """Removes // and /* */ comments, leaving string literals alone."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            if j < 0:
                raise IdlError('unterminated comment')
            out.append(' ')
            i = j + 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def skip_string(text, i):
    j = i + 1
    while j < len(text) and text[j] != '"':
        j += 2 if text[j] == '\\' else 1
    return j + 1


def matching(text, i, open_c, close_c):
    """Index just past the bracket that closes the one at text[i]."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c == '"':
            i = skip_string(text, i)
            continue
        if c == open_c:
            depth += 1
        elif c == close_c:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise IdlError('unbalanced %s' % open_c)


def strip_attributes(text):
    """Removes [attribute] blocks; keeps array bounds, which follow an identifier."""
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == '"':
            j = skip_string(text, i)
            out.append(text[i:j])
            i = j
        elif c == '[':
            prev = ''.join(out).rstrip()[-1:]
            if prev.isalnum() or prev == '_':
                j = matching(text, i, '[', ']')
                out.append(text[i:j])
            else:
                j = matching(text, i, '[', ']')
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def split_top(text, sep):
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        c = text[i]
        if c == '"':
            i = skip_string(text, i)
            continue
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return parts


def norm_type(t):
    t = ' '.join(t.split())
    t = re.sub(r'\s*\*\s*', ' *', t)
    while '* *' in t:
        t = t.replace('* *', '**')
    return t.strip()


def parse_param(text, index):
    text = ' '.join(text.split())
    m = re.match(r'^(.*?)(\w+)\s*(\[[^\]]*\])?$', text)
    if not m or not m.group(1).strip() or m.group(1).strip() in ('const', 'unsigned'):
        # MIDL allows a parameter without a name: give it one for the C macros.
        if not re.match(r'^[\w\s*]+$', text):
            raise IdlError('cannot read parameter "%s"' % text)
        return norm_type(text), 'unnamed%d' % index
    array = re.sub(r'\s+', '', m.group(3) or '')
    return norm_type(m.group(1)), m.group(2) + array


def parse_method(text, where):
    text = ' '.join(text.split())
    m = re.match(r'^(.*?)\b(\w+)\s*\((.*)\)$', text)
    if not m:
        raise IdlError('%s: cannot read method "%s"' % (where, text))
    ret, name, params = norm_type(m.group(1)), m.group(2), m.group(3).strip()
    if not ret:
        raise IdlError('%s: method %s has no return type' % (where, name))
    if params in ('', 'void'):
        return ret, name, []
    return ret, name, [parse_param(p, k) for k, p in enumerate(split_top(params, ','))]


def parse_interface_body(body, where):
    body = strip_attributes(body)
    methods = []
    for part in split_top(body, ';'):
        if part.strip():
            methods.append(parse_method(part, where))
    return methods


INTERFACE_RE = re.compile(r'interface\s+(\w+)\s*(?::\s*(\w+)\s*)?\{')


def parse_idl(text, path, local):
    """Returns (items, structs): items in file order are ('import', name),
    ('cpp_quote', text) and ('interface', Interface)."""
    text = strip_comments(text)
    items, structs = [], set()
    for m in re.finditer(r'typedef\s+struct\s*\w*\s*\{', text):
        end = matching(text, m.end() - 1, '{', '}')
        semi = text.index(';', end)
        for decl in text[end:semi].split(','):
            decl = decl.strip()
            if re.match(r'^\w+$', decl):
                structs.add(decl)
    i = 0
    pending_attrs = None
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        if text[i] == '#':  # a preprocessor line MIDL would have handled (#pragma region)
            j = text.find('\n', i)
            i = len(text) if j < 0 else j
            continue
        if text[i] == '[':
            end = matching(text, i, '[', ']')
            pending_attrs = text[i + 1:end - 1]
            i = end
            continue
        m = re.compile(r'import\s+"([^"]+)"\s*;').match(text, i)
        if m:
            items.append(('import', m.group(1)))
            i = m.end()
            continue
        m = re.compile(r'cpp_quote\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)').match(text, i)
        if m:
            items.append(('cpp_quote', m.group(1).replace('\\"', '"').replace('\\\\', '\\')))
            i = m.end()
            continue
        m = INTERFACE_RE.match(text, i)
        if m:
            end = matching(text, m.end() - 1, '{', '}')
            name, parent = m.group(1), m.group(2)
            attrs = pending_attrs or ''
            u = re.search(r'uuid\s*\(\s*([0-9a-fA-F-]+)\s*\)', attrs)
            if local and not u:
                raise IdlError('%s: interface %s has no uuid' % (path, name))
            if local and not parent and name != 'IUnknown':
                raise IdlError('%s: interface %s has no parent' % (path, name))
            where = '%s: %s' % (path, name)
            iface = Interface(name, parent, u.group(1).lower() if u else None,
                              parse_interface_body(text[m.end():end - 1], where), local)
            items.append(('interface', iface))
            pending_attrs = None
            i = end
            if i < len(text) and text[i] == ';':
                i += 1
            continue
        if local:
            raise IdlError('%s: cannot read "%s"' % (path, text[i:i + 40].split('\n')[0]))
        # Imported files: skip whatever else they declare, one statement at a time.
        pending_attrs = None
        j = i
        while j < len(text) and text[j] not in ';{':
            j = skip_string(text, j) if text[j] == '"' else j + 1
        if j < len(text) and text[j] == '{':
            j = matching(text, j, '{', '}')
            while j < len(text) and text[j] != ';':
                j += 1
        i = j + 1
    return items, structs


class Model:
    def __init__(self, include_dirs):
        self.include_dirs = include_dirs
        self.interfaces = {'IUnknown': Interface('IUnknown', None, None, IUNKNOWN_METHODS, False)}
        self.structs = set()
        self.seen = set()

    def find(self, name):
        for d in self.include_dirs:
            p = os.path.join(d, name)
            if os.path.isfile(p):
                return p
        return None

    def load_import(self, name, top_level):
        if name in self.seen:
            return
        self.seen.add(name)
        path = self.find(name)
        if not path:
            if top_level and name not in SYSTEM_IMPORTS:
                raise IdlError('import "%s" not found in %s' % (name, self.include_dirs))
            return
        with open(path, encoding='utf-8') as f:
            items, structs = parse_idl(f.read(), path, local=False)
        self.structs |= structs
        for kind, value in items:
            if kind == 'import':
                self.load_import(value, top_level=False)
            elif kind == 'interface':
                self.interfaces.setdefault(value.name, value)

    def chain(self, iface):
        """The interface and its ancestors, root first."""
        out = []
        while iface is not None:
            out.append(iface)
            if iface.parent is None:
                break
            parent = self.interfaces.get(iface.parent)
            if parent is None:
                raise IdlError('%s: parent %s is not defined' % (iface.name, iface.parent))
            iface = parent
        return list(reversed(out))


def decl(ptype, declarator):
    return ptype + ('' if ptype.endswith('*') else ' ') + declarator


def param_name(declarator):
    return re.sub(r'\[.*$', '', declarator)


def wrap(head, items, tail, indent, sep=', ', width=WRAP):
    """head + items joined by sep + tail, broken before WRAP columns."""
    space = sep[1:]
    lines, line = [], head
    for k, item in enumerate(items):
        last = k + 1 == len(items)
        piece = item + ('' if last else sep[0])
        if len(line) + len(space) + len(piece) + (len(tail) if last else 0) > width \
                and line.strip():
            lines.append(line)
            line = indent + piece
        else:
            line += (space if k else '') + piece
    lines.append(line + tail)
    return lines


def macro_wrap(head, items, tail, indent, sep):
    lines = wrap(head, items, tail, indent, sep, WRAP - 2)
    return [l + ' \\' for l in lines[:-1]] + [lines[-1]]


class Writer:
    def __init__(self, model, c_only=False):
        self.model = model
        self.c_only = c_only
        self.out = []

    def emit(self, *lines):
        self.out.extend(lines)

    def returns_struct(self, ret):
        return ret in self.model.structs

    def cpp_method(self, ret, name, params):
        args = [decl(t, d) for t, d in params]
        if self.returns_struct(ret):
            self.emit('#if defined(_MSC_VER) || !defined(_WIN32)')
            self.emit(*wrap('    virtual %s STDMETHODCALLTYPE %s(' % (ret, name), args or ['void'],
                            ') = 0;', '        '))
            self.emit('#else')
            self.emit(*wrap('    virtual %s *STDMETHODCALLTYPE %s(' % (ret, name),
                            ['%s *RetVal' % ret] + args, ') = 0;', '        '))
            self.emit('#endif')
        else:
            self.emit(*wrap('    virtual %s STDMETHODCALLTYPE %s(' % (ret, name), args or ['void'],
                            ') = 0;', '        '))

    def c_member(self, iface, ret, name, params):
        args = ['%s *This' % iface.name] + [decl(t, d) for t, d in params]
        if self.returns_struct(ret):
            self.emit('#if !defined(_WIN32)')
            self.emit(*wrap('    %s (STDMETHODCALLTYPE *%s)(' % (ret, name), args, ');',
                            '        '))
            self.emit('#else')
            self.emit(*wrap('    %s *(STDMETHODCALLTYPE *%s)(' % (ret, name),
                            args[:1] + ['%s *RetVal' % ret] + args[1:], ');', '        '))
            self.emit('#endif')
        else:
            self.emit(*wrap('    %s (STDMETHODCALLTYPE *%s)(' % (ret, name), args, ');',
                            '        '))

    def c_macro(self, iface, ret, name, params):
        def one(names):
            head = '#define %s_%s(' % (iface.name, name)
            self.emit(*macro_wrap(head, names, ') \\', '        ', ','))
            self.emit(*macro_wrap('    ((This)->lpVtbl->%s(' % name, names, '))', '        ',
                                  ','))
        names = ['This'] + [param_name(d) for _, d in params]
        if self.returns_struct(ret):
            self.emit('#if !defined(_WIN32)')
            one(names)
            self.emit('#else')
            one(names[:1] + ['RetVal'] + names[1:])
            self.emit('#endif')
        else:
            one(names)

    def interface(self, iface):
        n = iface.name
        self.emit('', '/* %s */' % n,
                  '#ifndef __%s_INTERFACE_DEFINED__' % n,
                  '#define __%s_INTERFACE_DEFINED__' % n, '',
                  'EXTERN_C const IID IID_%s;' % n, '')
        if not self.c_only:
            self.emit('#if defined(__cplusplus) && !defined(CINTERFACE)', '',
                      'MIDL_INTERFACE("%s")' % iface.uuid,
                      '%s : public %s' % (n, iface.parent),
                      '{', 'public:')
            for ret, name, params in iface.methods:
                self.cpp_method(ret, name, params)
            self.emit('};', '', '#else /* C style interface */', '')
        self.emit('typedef struct %sVtbl' % n, '{', '    BEGIN_INTERFACE')
        chain = self.model.chain(iface)
        for owner in chain:
            self.emit('    /* %s */' % owner.name)
            for ret, name, params in owner.methods:
                self.c_member(iface, ret, name, params)
        self.emit('    END_INTERFACE', '} %sVtbl;' % n, '',
                  'interface %s' % n, '{', '    CONST_VTBL struct %sVtbl *lpVtbl;' % n, '};', '',
                  '#ifdef COBJMACROS')
        for owner in chain:
            for ret, name, params in owner.methods:
                self.c_macro(iface, ret, name, params)
        self.emit('#endif /* COBJMACROS */', '')
        if not self.c_only:
            self.emit('#endif /* C style interface */', '')
        self.emit('#endif /* __%s_INTERFACE_DEFINED__ */' % n)

    def guid(self, iface):
        parts = iface.uuid.split('-')
        if [len(p) for p in parts] != [8, 4, 4, 4, 12]:
            raise IdlError('%s: malformed uuid %s' % (iface.name, iface.uuid))
        tail = parts[3] + parts[4]
        values = ['0x' + parts[0], '0x' + parts[1], '0x' + parts[2]] + \
                 ['0x' + tail[k:k + 2] for k in range(0, 16, 2)]
        args = ','.join(values)
        self.emit('DEFINE_GUID(IID_%s,%s);' % (iface.name, args))
        if not self.c_only:
            self.emit('__CRT_UUID_DECL(%s,%s)' % (iface.name, args))


def preprocess(input_path, cpp):
    """INPUT.idl through the C preprocessor, as MIDL runs its input through one."""
    try:
        done = subprocess.run([cpp, '-P', '-undef', '-x', 'c', input_path], capture_output=True, text=True)
    except OSError as e:
        raise IdlError('cannot run %s: %s' % (cpp, e))
    if done.returncode:
        raise IdlError('%s failed on %s:\n%s' % (cpp, input_path, done.stderr))
    return done.stdout


def generate(input_path, include_dirs, cpp, c_only=False):
    model = Model(include_dirs)
    items, _ = parse_idl(preprocess(input_path, cpp), input_path, local=True)
    for kind, value in items:
        if kind == 'import':
            model.load_import(value, top_level=True)
    locals_ = [v for k, v in items if k == 'interface']
    for iface in locals_:
        if iface.name in model.interfaces:
            raise IdlError('%s is defined twice' % iface.name)
        model.interfaces[iface.name] = iface
    for iface in locals_:
        model.chain(iface)  # every parent is known

    base = os.path.basename(input_path)
    guard = '__' + re.sub(r'\W', '_', os.path.splitext(base)[0]) + '_h__'
    w = Writer(model, c_only)
    w.emit('/* Generated by tools/gen_com_header.py from %s: do not edit. */' % base,
           '#ifndef %s' % guard, '#define %s' % guard, '')
    for kind, value in items:
        if kind == 'cpp_quote':
            w.emit(value)
    w.emit('', '/* Forward declarations */')
    for iface in locals_:
        w.emit('#ifndef __%s_FWD_DEFINED__' % iface.name,
               '#define __%s_FWD_DEFINED__' % iface.name,
               'typedef interface %s %s;' % (iface.name, iface.name),
               '#endif')
    for iface in locals_:
        w.interface(iface)
    w.emit('', '/* Interface IDs; __CRT_UUID_DECL makes __uuidof work in C++ on Linux. */' if not c_only
           else '/* Interface IDs. */')
    for iface in locals_:
        w.guid(iface)
    w.emit('', '#endif /* %s */' % guard)
    return '\n'.join(w.out) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-I', dest='include_dirs', action='append', default=[],
                    help='directory searched for imported IDL files')
    ap.add_argument('--cpp', default='cpp', help='the C preprocessor (default: cpp)')
    ap.add_argument('--c-only', action='store_true',
                    help='the C form alone (a header of Microsoft\'s declares the C++ one)')
    ap.add_argument('input')
    ap.add_argument('output')
    args = ap.parse_args()
    try:
        text = generate(args.input, args.include_dirs, args.cpp, args.c_only)
    except IdlError as e:
        print('gen_com_header.py: %s' % e, file=sys.stderr)
        return 1
    with open(args.output, 'w', encoding='utf-8') as f:
        f.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
