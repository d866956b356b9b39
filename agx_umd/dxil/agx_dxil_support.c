/*
 * The dx.ops the lowering takes, and the shader model they make (agx_dxil_support.h).
 * An operation joins the table below in the same change that lowers it in
 * agx_dxil_lower_ops.c; the lowering refuses anything outside it before it starts, so
 * the table, not the lowering's switch, decides what a module may call, and the cap
 * follows the table.
 */
#include "agx_dxil_support.h"

#define L(opcode) [opcode] = true

const bool agx_dxil_lowered_ops[AGX_DXIL_OP_COUNT] =
{
    L(0), L(1), L(2), L(3),                                /* TempRegLoad/Store, MinPrecXRegLoad/Store */
    L(4), L(5),                                            /* LoadInput, StoreOutput */
    L(6), L(7), L(8), L(9), L(10), L(11), L(12), L(13),    /* FAbs, Saturate, IsNaN..IsNormal, Cos, Sin */
    L(14), L(15), L(16), L(17), L(18), L(19), L(20),       /* Tan, Acos, Asin, Atan, Hcos, Hsin, Htan */
    L(21), L(22), L(23), L(24), L(25),                     /* Exp, Frc, Log, Sqrt, Rsqrt */
    L(26), L(27), L(28), L(29),                            /* Round_ne, _ni, _pi, _z */
    L(30), L(31), L(32), L(33), L(34),                     /* Bfrev, Countbits, FirstbitLo, Hi, SHi */
    L(35), L(36), L(37), L(38), L(39), L(40),              /* FMax, FMin, IMax, IMin, UMax, UMin */
    L(41), L(42), L(43), L(44), L(45),                     /* IMul, UMul, UDiv, UAddc, USubb */
    L(46), L(48), L(49), L(50), L(51), L(52), L(53),       /* FMad, IMad, UMad, Msad, Ibfe, Ubfe, Bfi */
    L(54), L(55), L(56),                                   /* Dot2, Dot3, Dot4 */
    L(57), L(58), L(59),                                   /* CreateHandle, CBufferLoad, CBufferLoadLegacy */
    L(60), L(61), L(62), L(63), L(64), L(65),              /* Sample, Bias, Level, Grad, Cmp, CmpLevelZero */
    L(66), L(67), L(68), L(69),                            /* TextureLoad, TextureStore, BufferLoad, BufferStore */
    L(70), L(71),                                          /* BufferUpdateCounter, CheckAccessFullyMapped */
    L(72), L(73), L(74),                                   /* GetDimensions, TextureGather, TextureGatherCmp */
    L(75), L(76), L(77),                                   /* Texture2DMSGetSamplePosition, RT sample pos, count */
    L(78), L(79), L(80), L(81), L(82),                     /* AtomicBinOp, AtomicCompareExchange, Barrier, CalculateLOD,
                                                              Discard */
    L(83), L(84), L(85), L(86),                            /* DerivCoarseX, Y, DerivFineX, Y */
    L(87), L(88), L(89), L(90), L(91),                     /* EvalSnapped, EvalSampleIndex, EvalCentroid, SampleIndex,
                                                              Coverage */
    L(93), L(94), L(95), L(96),                            /* ThreadId, GroupId, ThreadIdInGroup, Flattened.. */
    L(126), L(127),                                        /* BitcastI32toF32, BitcastF32toI32 */
    L(130), L(131),                                        /* LegacyF32ToF16, LegacyF16ToF32 */
    L(138),                                                /* ViewID */
    L(139), L(140),                                        /* RawBufferLoad, RawBufferStore */
    L(216), L(217),                                        /* AnnotateHandle, CreateHandleFromBinding */
};

uint32_t agx_dxil_highest_shader_model(const bool lowered[AGX_DXIL_OP_COUNT], agx_dxil_needs present,
                                       uint32_t *missing)
{
    const struct agx_dxil_op_info *info;
    uint32_t minor, opcode;

    for (minor = 0; minor <= 7; ++minor)
    {
        for (opcode = 0; opcode < AGX_DXIL_OP_COUNT; ++opcode)
        {
            info = agx_dxil_op_info(opcode);
            if (info->minor != minor || lowered[opcode])
                continue;
            if (info->need == AGX_DXIL_NEED_CORE || (present >> info->need & 1))
            {
                if (missing)
                    *missing = opcode;
                return minor ? 0x60u | (minor - 1) : 0x51u;
            }
        }
    }
    if (missing)
        *missing = AGX_DXIL_OP_COUNT;
    return 0x67u;
}
