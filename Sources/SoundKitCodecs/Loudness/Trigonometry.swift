/// Sine, cosine and tangent in plain Swift, for designing the loudness meter's filters (the kernels import no C
/// library): the argument is reduced by a multiple of π/2 and the Taylor series summed to the last term that still
/// changes the result, which is within a few units in the last place for the arguments the designs use (a few π).
package enum Trigonometry {
    /// sin(x) and cos(x) together.
    @_optimize(speed)
    package static func sineCosine(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        let quarter = (x / (.pi / 2)).rounded()
        let r = x - quarter * (.pi / 2)
        var s = r
        var c = 1.0
        var sTerm = r
        var cTerm = 1.0
        let r2 = r * r
        var k = 1.0
        while k < 40 {
            sTerm *= -r2 / ((2 * k) * (2 * k + 1))
            cTerm *= -r2 / ((2 * k - 1) * (2 * k))
            s += sTerm
            c += cTerm
            k += 1
        }
        let turn = quarter.truncatingRemainder(dividingBy: 4)
        switch turn < 0 ? turn + 4 : turn {
        case 1: return (c, -s)
        case 2: return (-s, -c)
        case 3: return (-c, s)
        default: return (s, c)
        }
    }

    /// tan(x).
    @_optimize(speed)
    package static func tangent(_ x: Double) -> Double {
        let sc = sineCosine(x)
        return sc.sin / sc.cos
    }
}
