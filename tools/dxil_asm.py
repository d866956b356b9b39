#!/usr/bin/env python3
"""d3d12rt-dxil-asm: LLVM assembly in DXIL's conventions to an unsigned DXIL container.

    d3d12rt-dxil-asm [--llvm-as PROGRAM] input.ll output.dxil

The module is assembled with llvm-as (LLVM 15 by default: decision D025), and its
bitcode wrapped into a container (layouts in ddi/ddi_dxil.h) with a DXIL part (program
header, "DXIL" bitcode header, DXIL version 1.0 as Mesa writes it), ISG1, OSG1, PSV0
(version 1 for a pixel, vertex or compute shader, 2 with the thread group size when the
entry point declares one) and SFI0 (no features), and an all-zero hash: unsigned, as
Mesa and every compiler without Microsoft's validator produce them.

The shader model and kind come from the module's !dx.shaderModel and the thread group
size from its dx.entryPoints (tag 4). What the metadata does not say simply is written
in comment lines the assembler ignores:

    ;! input  NAME INDEX REGISTER MASK TYPE [SYSVAL]   an ISG1 element (REGISTER '-': none)
    ;! output NAME INDEX REGISTER MASK TYPE [SYSVAL]   an OSG1 element
    ;! resource KIND SPACE LOWER UPPER                 a PSV0 binding

MASK is a component set (xyzw), TYPE uint, int or float, SYSVAL one of the names
below (position, target, ...); KIND a PSV0 resource type (sampler, cbv, srv_typed,
srv_raw, srv_structured, uav_typed, uav_raw, uav_structured, uav_counter).
"""
import argparse
import re
import struct
import subprocess
import sys
import tempfile

KINDS = {'ps': 0, 'vs': 1, 'gs': 2, 'hs': 3, 'ds': 4, 'cs': 5, 'lib': 6, 'ms': 13, 'as': 14}
COMPONENT_TYPES = {'uint': 1, 'int': 2, 'float': 3}
# sysval name: (D3D_NAME for the signature part, PSVSemanticKind)
SYSVALS = {'none': (0, 0), 'position': (1, 3), 'vertex_id': (6, 1), 'instance_id': (8, 2),
           'primitive_id': (7, 10), 'is_front_face': (9, 13), 'sample_index': (10, 12),
           'target': (64, 16), 'depth': (65, 17)}
RESOURCE_TYPES = {'sampler': 1, 'cbv': 2, 'srv_typed': 3, 'srv_raw': 4, 'srv_structured': 5,
                  'uav_typed': 6, 'uav_raw': 7, 'uav_structured': 8, 'uav_counter': 9}
INTERPOLATION_LINEAR = 2


def fourcc(text):
    return struct.unpack('<I', text.encode('ascii'))[0]


class Element:
    def __init__(self, fields, line):
        if len(fields) not in (5, 6):
            raise ValueError('line %d: NAME INDEX REGISTER MASK TYPE [SYSVAL]' % line)
        self.name = fields[0]
        # '-': no register (SV_Depth, SV_Coverage): 0xffffffff in the signature part.
        self.index = int(fields[1])
        self.register = None if fields[2] == '-' else int(fields[2])
        if not fields[3] or any(c not in 'xyzw' for c in fields[3]):
            raise ValueError('line %d: the mask %r is not a set of xyzw' % (line, fields[3]))
        self.mask = sum(1 << 'xyzw'.index(c) for c in fields[3])
        if fields[4] not in COMPONENT_TYPES:
            raise ValueError('line %d: unknown component type %r' % (line, fields[4]))
        self.component_type = COMPONENT_TYPES[fields[4]]
        sysval = fields[5] if len(fields) == 6 else 'none'
        if sysval not in SYSVALS:
            raise ValueError('line %d: unknown system value %r' % (line, sysval))
        self.sysval, self.semantic_kind = SYSVALS[sysval]


def read_module(text):
    """The directives, the shader model and kind, and the thread group size."""
    inputs, outputs, resources = [], [], []
    for number, line in enumerate(text.splitlines(), 1):
        match = re.match(r'\s*;!\s*(\w+)\s*(.*)', line)
        if not match:
            continue
        word, fields = match.group(1), match.group(2).split()
        if word == 'input':
            inputs.append(Element(fields, number))
        elif word == 'output':
            outputs.append(Element(fields, number))
        elif word == 'resource':
            if len(fields) != 4 or fields[0] not in RESOURCE_TYPES:
                raise ValueError('line %d: resource KIND SPACE LOWER UPPER' % number)
            resources.append((RESOURCE_TYPES[fields[0]], int(fields[1]), int(fields[2]), int(fields[3])))
        else:
            raise ValueError('line %d: unknown directive %r' % (number, word))

    nodes = dict(re.findall(r'^!(\d+) = !\{(.*)\}\s*$', text, re.M))
    match = re.search(r'^!dx\.shaderModel = !\{!(\d+)\}', text, re.M)
    if not match or match.group(1) not in nodes:
        raise ValueError('the module has no !dx.shaderModel')
    model = re.match(r'!"(\w+)", i32 (\d+), i32 (\d+)$', nodes[match.group(1)].strip())
    if not model or model.group(1) not in KINDS:
        raise ValueError('!dx.shaderModel is not !{!"<kind>", i32 <major>, i32 <minor>}')
    kind, major, minor = KINDS[model.group(1)], int(model.group(2)), int(model.group(3))

    numthreads = None
    match = re.search(r'^!dx\.entryPoints = !\{!(\d+)\}', text, re.M)
    if match and match.group(1) in nodes:
        tags = re.search(r'(?:!(\d+)\s*)$', nodes[match.group(1)].strip())
        properties = nodes.get(tags.group(1), '') if tags else ''
        group = re.search(r'i32 4, !(\d+)', properties)
        if group and group.group(1) in nodes:
            numthreads = [int(v) for v in re.findall(r'i32 (\d+)', nodes[group.group(1)])]
    return kind, major, minor, inputs, outputs, resources, numthreads


def signature_part(elements, output):
    """ISG1/OSG1: a header, 32-byte elements, then the names."""
    names = b''
    offsets = {}
    base = 8 + 32 * len(elements)
    for e in elements:
        if e.name not in offsets:
            offsets[e.name] = base + len(names)
            names += e.name.encode('ascii') + b'\0'
    data = struct.pack('<II', len(elements), 8)
    for e in elements:
        # stream, name, semantic index, system value, component type, register, mask,
        # read/write mask (inputs: read; outputs: the never-written components), minimum precision
        data += struct.pack('<IIIIIIBBHI', 0, offsets[e.name], e.index, e.sysval, e.component_type,
                            0xffffffff if e.register is None else e.register, e.mask,
                            0 if output else e.mask, 0, 0)
    data += names
    return data + b'\0' * (-len(data) % 4)


def psv_part(kind, inputs, outputs, resources, numthreads):
    """PSV0 version 1 (2 with a thread group size), signature elements, zeroed dependency tables."""
    strings, string_offsets = b'', {}
    for e in inputs + outputs:
        if e.name not in string_offsets:
            string_offsets[e.name] = len(strings)
            strings += e.name.encode('ascii') + b'\0'
    strings += b'\0' * (-len(strings) % 4)
    input_vectors = max([e.register + 1 for e in inputs if e.register is not None], default=0)
    output_vectors = max([e.register + 1 for e in outputs if e.register is not None], default=0)

    union = b'\0' * 16
    if kind == 0:
        union = struct.pack('<BB', 0, 0) + b'\0' * 14       # depth output, sample frequency
    elif kind == 1:
        union = struct.pack('<B', int(any(e.semantic_kind == 3 for e in outputs))) + b'\0' * 15
    info = union + struct.pack('<II', 0, 0xffffffff)
    info += struct.pack('<BBHBBBB4B', kind, 0, 0, len(inputs), len(outputs), 0, input_vectors,
                        output_vectors, 0, 0, 0)
    if numthreads:
        info += struct.pack('<III', *numthreads)
    data = struct.pack('<I', len(info)) + info
    data += struct.pack('<I', len(resources))
    if resources:
        # Version 2 records add the resource kind and flags (left 0: not known here).
        stride = 24 if numthreads else 16
        data += struct.pack('<I', stride)
        for resource in resources:
            data += struct.pack('<IIII', *resource) + b'\0' * (stride - 16)
    data += struct.pack('<I', len(strings)) + strings
    elements = inputs + outputs
    data += struct.pack('<I', len(elements))
    data += b''.join(struct.pack('<I', e.index) for e in elements)
    if elements:
        data += struct.pack('<I', 16)
        for i, e in enumerate(elements):
            first = (e.mask & -e.mask).bit_length() - 1
            columns = bin(e.mask).count('1')
            interpolation = INTERPOLATION_LINEAR if kind == 0 and e in inputs and e.component_type == 3 else 0
            # start row, then columns, start column and (0x40) allocated, as DXC packs them
            allocated = e.register is not None
            data += struct.pack('<IIBBBBBBBB', string_offsets[e.name], i, 1, e.register if allocated else 0,
                                columns | (first << 4 if allocated else 0) | (0x40 if allocated else 0),
                                e.semantic_kind, e.component_type,
                                interpolation, 0, 0)
    if input_vectors and output_vectors:
        data += b'\0' * (4 * ((output_vectors + 7) >> 3) * input_vectors * 4)
    return data


def program_part(kind, major, minor, bitcode):
    header = struct.pack('<IIIIII', kind << 16 | major << 4 | minor, (24 + len(bitcode)) // 4,
                         fourcc('DXIL'), 0x100, 16, len(bitcode))
    return header + bitcode


def container(parts):
    offset = 32 + 4 * len(parts)
    offsets, body = [], b''
    for tag, data in parts:
        offsets.append(offset + len(body))
        body += struct.pack('<II', fourcc(tag), len(data)) + data
    size = offset + len(body)
    header = b'DXBC' + b'\0' * 16 + struct.pack('<III', 1, size, len(parts))
    return header + b''.join(struct.pack('<I', o) for o in offsets) + body


def main():
    parser = argparse.ArgumentParser(description='Assembles LLVM assembly into an unsigned DXIL container.')
    parser.add_argument('--llvm-as', default='llvm-as-15')
    parser.add_argument('input')
    parser.add_argument('output')
    args = parser.parse_args()
    with open(args.input, encoding='utf-8') as f:
        text = f.read()
    try:
        kind, major, minor, inputs, outputs, resources, numthreads = read_module(text)
    except ValueError as error:
        sys.exit('%s: %s' % (args.input, error))
    with tempfile.NamedTemporaryFile(suffix='.bc') as bitcode_file:
        result = subprocess.run([args.llvm_as, args.input, '-o', bitcode_file.name], check=False)
        if result.returncode:
            sys.exit('%s: %s failed' % (args.input, args.llvm_as))
        bitcode = bitcode_file.read()
    if len(bitcode) % 4:
        bitcode += b'\0' * (-len(bitcode) % 4)
    parts = [('SFI0', struct.pack('<Q', 0)), ('ISG1', signature_part(inputs, False)),
             ('OSG1', signature_part(outputs, True)),
             ('PSV0', psv_part(kind, inputs, outputs, resources, numthreads)),
             ('DXIL', program_part(kind, major, minor, bitcode))]
    with open(args.output, 'wb') as f:
        f.write(container(parts))


if __name__ == '__main__':
    main()
